/**
 * The designer's canvas: the form's sections (title, description, remove) and their fields in
 * order. A field row drags (native HTML5 drag and drop) before another row or to a section's end;
 * the palette's fields drop the same way. Keyboard alternative: each row's up/down buttons (across
 * sections at the ends) and remove. Clicking a row selects it for the properties panel.
 */
import { ArrowDownOutlined, ArrowUpOutlined, BranchesOutlined, CloseOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Tag, Tooltip, Typography, theme } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { Field, FormField, FormLayout } from '../../../../../../contracts';

interface Props {
  layout: FormLayout;
  fields: Map<string, Field>;
  selected?: string;
  onSelect: (key: string) => void;
  /** Drop of field `key` into `section` before `index` (undefined = the end). */
  onDrop: (key: string, section: number, index?: number) => void;
  onStep: (key: string, delta: -1 | 1) => void;
  onRemove: (key: string) => void;
  onSection: (index: number, patch: { title?: string; description?: string }) => void;
  onRemoveSection: (index: number) => void;
}

const keyOf = (e: React.DragEvent) => e.dataTransfer.getData('text/plain');

export default function Canvas({ layout, fields, selected, onSelect, onDrop, onStep, onRemove, onSection, onRemoveSection }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { token } = theme.useToken();
  const [over, setOver] = useState<string | null>(null);
  const allow = (id: string) => (e: React.DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (over !== id) setOver(id);
  };
  const drop = (section: number, index?: number) => (e: React.DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(null);
    const key = keyOf(e);
    if (key) onDrop(key, section, index);
  };

  const row = (pf: FormField, si: number, fi: number) => {
    const f = fields.get(pf.key);
    const id = `${si}-${fi}`;
    const active = selected === pf.key;
    return (
      <div
        key={pf.key}
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData('text/plain', pf.key);
          e.dataTransfer.effectAllowed = 'move';
        }}
        onDragOver={allow(id)}
        onDragLeave={() => setOver(null)}
        onDrop={drop(si, fi)}
        onClick={() => onSelect(pf.key)}
        data-testid={`canvas-field-${pf.key}`}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '6px 8px',
          marginBottom: 4,
          cursor: 'pointer',
          borderRadius: token.borderRadius,
          border: `1px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
          borderTop: over === id ? `3px solid ${token.colorPrimary}` : undefined,
          background: active ? token.colorPrimaryBg : token.colorBgContainer,
        }}
      >
        <HolderOutlined style={{ color: token.colorTextQuaternary, cursor: 'grab' }} />
        <span style={{ flex: 1, minWidth: 0 }}>
          {pf.label || f?.name || pf.key}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {pf.key}
          </Typography.Text>{' '}
          {f?.required && <Tag color="red">{t('forms.designer.required')}</Tag>}
          {pf.visibleIf?.conditions.length ? (
            <Tag icon={<BranchesOutlined />} color="purple">
              {t('forms.designer.conditional')}
            </Tag>
          ) : null}
          {pf.requiredIf?.conditions.length ? <Tag color="orange">{t('forms.designer.requiredIf')}</Tag> : null}
        </span>
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title={t('forms.designer.up')}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${t('forms.designer.up')} ${pf.key}`} onClick={() => onStep(pf.key, -1)} data-testid={`up-${pf.key}`} />
          </Tooltip>
          <Tooltip title={t('forms.designer.down')}>
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${t('forms.designer.down')} ${pf.key}`} onClick={() => onStep(pf.key, 1)} data-testid={`down-${pf.key}`} />
          </Tooltip>
          <Tooltip title={t('forms.designer.remove')}>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`${t('forms.designer.remove')} ${pf.key}`} onClick={() => onRemove(pf.key)} data-testid={`remove-${pf.key}`} />
          </Tooltip>
        </Space>
      </div>
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="form-canvas">
      {layout.sections.map((s, si) => (
        <Card
          key={si}
          size="small"
          data-testid={`canvas-section-${si}`}
          title={
            <Input
              variant="borderless"
              value={s.title}
              placeholder={t('forms.designer.sectionTitle')}
              onChange={(e) => onSection(si, { title: e.target.value })}
              maxLength={100}
              style={{ fontWeight: 600, paddingLeft: 0 }}
              data-testid={`section-title-${si}`}
            />
          }
          extra={
            <Popconfirm title={t('forms.designer.removeSectionConfirm')} onConfirm={() => onRemoveSection(si)}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('forms.designer.removeSection')} data-testid={`remove-section-${si}`} />
            </Popconfirm>
          }
        >
          <Input
            size="small"
            variant="borderless"
            value={s.description ?? ''}
            placeholder={t('forms.designer.sectionDescription')}
            onChange={(e) => onSection(si, { description: e.target.value || undefined })}
            maxLength={500}
            style={{ paddingLeft: 0, marginBottom: 8, color: token.colorTextSecondary }}
          />
          {s.fields.map((pf, fi) => row(pf, si, fi))}
          <div
            onDragOver={allow(`${si}-end`)}
            onDragLeave={() => setOver(null)}
            onDrop={drop(si)}
            data-testid={`section-drop-${si}`}
            style={{
              padding: s.fields.length ? 6 : 16,
              textAlign: 'center',
              color: token.colorTextTertiary,
              border: `1px dashed ${over === `${si}-end` ? token.colorPrimary : token.colorBorder}`,
              borderRadius: token.borderRadius,
              fontSize: 12,
            }}
          >
            {t('forms.designer.emptySection')}
          </div>
        </Card>
      ))}
    </Space>
  );
}
