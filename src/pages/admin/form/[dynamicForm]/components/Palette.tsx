/**
 * The designer's left palette: the subject's writable fields not yet on the form. Each drags onto
 * a section (native HTML5 drag and drop, `text/plain` = the field key) or is added by its button
 * (to the end of the last section), the keyboard's way.
 */
import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../../../../contracts';

export default function Palette({ fields, onAdd }: { fields: Field[]; onAdd: (key: string) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card size="small" title={t('forms.designer.palette')} data-testid="form-palette">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('forms.designer.paletteHelp')}
      </Typography.Paragraph>
      {fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.designer.paletteEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={fields}
          renderItem={(f) => (
            <List.Item
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', f.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              style={{ cursor: 'grab' }}
              data-testid={`palette-${f.key}`}
              actions={[
                <Button
                  key="add"
                  size="small"
                  type="link"
                  icon={<PlusOutlined />}
                  onClick={() => onAdd(f.key)}
                  aria-label={`${t('forms.designer.add')} ${f.name}`}
                  data-testid={`palette-add-${f.key}`}
                >
                  {t('forms.designer.add')}
                </Button>,
              ]}
            >
              <span>
                <HolderOutlined style={{ color: '#bfbfbf', marginRight: 6 }} />
                {f.name}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {intl.formatMessage({ id: `fieldType.${f.type}` })}
                </Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
