/**
 * /admin/action/:action, one configured action (or a new one: `/admin/action/new`): name, type
 * (from the registered types, GET /api/v1/actions/types; fixed once saved), application (empty:
 * global) and the configuration in the type's form (ActionConfigForm; JSON for a type without one,
 * or when switched to it), checked by the type's schema on the server (its errors, naming
 * `config.<path>`, are shown on the form's fields; the schema is shown beside it).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, message, Popconfirm, Row, Select, Space } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import { ApiError, toApiError } from '../../../../services/api-error';
import { createAction, deleteAction, getAction, listActionTypes, updateAction } from '../../../../services/triggers';
import { AppSelect } from '../../../compare_record_field/components/Pickers';
import ActionConfigForm from '../../../../components/triggers/ActionConfigForm';
import { useT } from '../../trigger/components/TriggerBits';

export default function ActionEditor() {
  const { action: id = 'new' } = useParams<{ action: string }>();
  const isNew = id === 'new';
  const t = useT();
  const query = useQuery({ queryKey: ['actions', 'detail', id], queryFn: () => getAction(id), enabled: !isNew, retry: false });
  const types = useQuery({ queryKey: ['actions', 'types'], queryFn: listActionTypes });
  const [name, setName] = useState('');
  const [type, setType] = useState<string>();
  const [application, setApplication] = useState<string>();
  const [config, setConfig] = useState<unknown>({});
  const [configValid, setConfigValid] = useState(true);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!query.data) return;
    setName(query.data.name);
    setType(query.data.type);
    setApplication(query.data.application ?? undefined);
    setConfig(query.data.config ?? {});
    setConfigValid(true);
  }, [query.data]);
  if (!isNew && query.error)
    return (
      <ExceptionResult
        code={query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? 404 : 500}
      />
    );

  const save = async () => {
    if (!configValid) {
      message.error(t('triggers.json.invalid'));
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const saved = isNew
        ? await createAction({ name, type: type ?? '', config, application: application ?? null })
        : await updateAction(id, { name, config });
      message.success(t('triggers.saved'));
      if (isNew) history.replace(`/admin/action/${saved.id}`);
    } catch (err) {
      const api = toApiError(err);
      setErrors(api.details);
      message.error(api.message);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    try {
      await deleteAction(id);
      message.success(t('triggers.deleted'));
      history.push('/admin/action');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const fieldError = (f: string) => errors.find((e) => e.field === f);
  const configErrors = errors
    .filter((e) => e.field === 'config' || e.field.startsWith('config.'))
    .map((e) => ({ field: e.field.slice('config'.length).replace(/^\./, ''), message: e.message }));
  const schema = types.data?.find((x) => x.type === type)?.schema;
  return (
    <PageContainer
      title={isNew ? t('actions.detail.new') : t('actions.detail.title', { name: query.data?.name ?? '' })}
      onBack={() => history.push('/admin/action')}
    >
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card>
            <Form layout="vertical" component="div" name="action" data-testid="action-form">
              <Form.Item
                label={t('actions.field.name')}
                required
                validateStatus={fieldError('name') ? 'error' : undefined}
                help={fieldError('name')?.message}
              >
                <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="action-name" />
              </Form.Item>
              <Form.Item
                label={t('actions.field.type')}
                required
                validateStatus={fieldError('type') ? 'error' : undefined}
                help={fieldError('type')?.message}
              >
                <Select
                  value={type}
                  disabled={!isNew}
                  onChange={(v: string) => {
                    setType(v);
                    setConfig({});
                    setConfigValid(true);
                  }}
                  options={(types.data ?? []).map((x) => ({ value: x.type, label: x.type }))}
                  data-testid="action-type"
                />
              </Form.Item>
              <Form.Item label={t('actions.field.application')}>
                <AppSelect value={application} disabled={!isNew} onChange={setApplication} data-testid="action-app" />
              </Form.Item>
              <Form.Item label={t('actions.field.config')} required>
                <ActionConfigForm
                  type={type}
                  value={config}
                  onChange={(c, valid) => {
                    setConfig(c);
                    setConfigValid(valid);
                  }}
                  errors={configErrors}
                  app={application}
                  jsonRows={14}
                  testId="action-config"
                />
              </Form.Item>
              <Space>
                <Button type="primary" loading={saving} onClick={() => void save()} data-testid="action-save">
                  {t('triggers.save')}
                </Button>
                {!isNew ? (
                  <Popconfirm title={t('actions.delete.confirm')} onConfirm={() => void remove()}>
                    <Button danger>{t('triggers.delete')}</Button>
                  </Popconfirm>
                ) : null}
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('actions.field.schema')}>
            <pre style={{ margin: 0, maxHeight: 480, overflow: 'auto', fontSize: 12 }} data-testid="action-schema">
              {schema ? JSON.stringify(schema, null, 2) : '–'}
            </pre>
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
