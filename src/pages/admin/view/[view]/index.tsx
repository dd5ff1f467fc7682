/**
 * /admin/view/:view (Views): edit a view — name, type and its config (the toolbar
 * editor) — with a live preview of the rows the edited config gives (read-only), then save. An
 * unknown view renders 404 in place. Administrators only (route access canAdmin).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, message as antMessage, Form, Input, Segmented, Space, Tag } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import type { ViewConfig, ViewType } from '../../../../../contracts';
import { VIEW_TYPES } from '../../../../../contracts/view-rows';
import ExceptionResult from '../../../../components/ExceptionResult';
import ViewConfigEditor from '../../../../components/views/ViewConfigEditor';
import ViewRenderer from '../../../../components/views/ViewRenderer';
import { defaultConfig } from '../../../../components/views/viewColumns';
import { useViewWithSubject } from '../../../../components/views/useView';
import { ApiError } from '../../../../services/api-error';
import { updateView } from '../../../../services/views';
import { keys } from '../../../../services/query-keys';

export default function ViewEditPage() {
  const { view: id = '' } = useParams<{ view: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const { view, subject, error, loading } = useViewWithSubject(id);
  const [name, setName] = useState('');
  const [config, setConfig] = useState<ViewConfig | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (view.data) {
      setName(view.data.name);
      setConfig(view.data.config);
    }
  }, [view.data?.id, view.data?.updatedAt]);

  if (error) {
    const status = error instanceof ApiError ? error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const v = view.data;
  const s = subject.data;
  const dirty = Boolean(v && config && (name !== v.name || JSON.stringify(config) !== JSON.stringify(v.config)));
  const save = async () => {
    if (!v || !config) return;
    setSaving(true);
    try {
      const saved = await updateView(v.id, { name, config });
      client.setQueryData(keys('views').detail(v.id), saved);
      message.success(t('views.saved'));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageContainer
      loading={loading || !config}
      title={v?.name}
      onBack={() => history.push('/admin/view')}
      tags={v && <Tag color="cyan">{`${v.application} / ${v.subjectName}`}</Tag>}
      extra={
        v && [
          <Link key="ws" to={`/${v.application}/view/${v.id}`}>
            <Button>{t('views.openWorkspace')}</Button>
          </Link>,
          <Button key="save" type="primary" disabled={!dirty || !name.trim()} loading={saving} onClick={() => void save()} data-testid="view-save">
            {t('views.save')}
          </Button>,
        ]
      }
    >
      {messageHolder}
      {v && s && config && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Card size="small">
            <Form name="view" layout="inline" style={{ rowGap: 8 }}>
              <Form.Item label={t('views.name')} required validateStatus={name.trim() ? undefined : 'error'} help={name.trim() ? undefined : t('views.nameRequired')}>
                <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} style={{ width: 260 }} data-testid="view-name" />
              </Form.Item>
              <Form.Item label={t('views.typeLabel')}>
                <Segmented
                  value={config.type}
                  options={VIEW_TYPES.map((type) => ({ value: type, label: t(`views.type.${type}`) }))}
                  onChange={(type) => setConfig(type === v.config.type ? v.config : ({ ...defaultConfig(type as ViewType, s), filter: config.filter } as ViewConfig))}
                />
              </Form.Item>
            </Form>
            <div style={{ marginTop: 12 }}>
              <ViewConfigEditor subject={s} value={config} onChange={setConfig} />
            </div>
          </Card>
          <Card size="small" title={t('views.preview')}>
            <ViewRenderer app={v.application} subject={s} config={config} canEdit={false} height={420} onChange={setConfig} />
          </Card>
        </Space>
      )}
    </PageContainer>
  );
}
