/**
 * /admin/form/:dynamicForm (Dynamic forms): the form designer. Left: the subject's
 * fields not yet placed (drag onto a section, or "Add"). Middle: the sections with their fields
 * (drag to reorder within and between sections — native HTML5 drag and drop — or the up/down
 * buttons from the keyboard); "Preview" renders the live form with its conditions working.
 * Right: the selected field's label, help, placeholder, default value, visibleIf and requiredIf.
 * "Save" sends the layout (the server checks it against the subject: 400 details shown);
 * "Set as default" makes it the subject's default form (saving first). Unsaved changes are
 * guarded on navigation and reload. State: useDesigner.ts; edits: layout.ts.
 */
import { PlusOutlined, SaveOutlined, StarOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Badge, Button, Col, Empty, message, Row, Space, Tabs, Tag } from 'antd';
import React, { useState } from 'react';
import { history, useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import Loading from '../../../../loading';
import { ApiError } from '../../../../services/api-error';
import Canvas from './components/Canvas';
import FieldPanel from './components/FieldPanel';
import Palette from './components/Palette';
import Preview from './components/Preview';
import { useDesigner } from './useDesigner';
import { useUnsavedWarning } from './useUnsavedWarning';

export default function FormDesignerPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { dynamicForm = '' } = useParams<{ dynamicForm: string }>();
  const d = useDesigner(dynamicForm);
  const [tab, setTab] = useState('canvas');
  useUnsavedWarning(d.dirty, {
    title: t('forms.designer.unsaved'),
    content: t('forms.designer.leave'),
    ok: t('forms.designer.leaveOk'),
    cancel: t('common.cancel'),
  });

  const failed = d.formQuery.error ?? d.subjectQuery.error;
  if (failed) {
    const status = failed instanceof ApiError ? failed.status : 0;
    if (status === 404 || status === 400) return <ExceptionResult code={404} />;
    if (status === 403) return <ExceptionResult code={403} />;
    return <Alert type="error" showIcon message={failed.message} />;
  }
  const form = d.saved;
  if (!form || !d.subjectQuery.data) return <Loading />;

  const save = async () => {
    const ok = await d.save();
    if (ok) message.success(t('forms.designer.saved'));
  };
  const setDefault = async () => {
    const ok = await d.save({ isDefault: true });
    if (ok) message.success(t('forms.designer.defaultSet', { name: ok.name, subject: ok.subjectName }));
  };
  const details = d.error instanceof ApiError ? d.error.details : [];
  // required fields left off the form (and without a default) would make every create through it fail
  const missingRequired = d.palette.filter((f) => f.required && (f.defaultValue === undefined || f.defaultValue === null));

  return (
    <PageContainer
      title={<span data-testid="form-title">{form.name}</span>}
      subTitle={`${form.application} / ${form.subjectName}`}
      onBack={() => history.push('/admin/form')}
      tags={
        <Space size={4}>
          {form.isDefault && (
            <Tag color="green" data-testid="form-is-default">
              {t('forms.designer.isDefault', { subject: form.subjectName })}
            </Tag>
          )}
          {d.dirty && (
            <Tag color="orange" data-testid="form-dirty">
              {t('forms.designer.unsaved')}
            </Tag>
          )}
        </Space>
      }
      extra={[
        !form.isDefault && (
          <Button key="default" icon={<StarOutlined />} onClick={() => void setDefault()} loading={d.saving} data-testid="form-set-default">
            {t('forms.designer.setDefault')}
          </Button>
        ),
        <Badge key="save" dot={d.dirty}>
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={d.saving} disabled={!d.dirty} data-testid="form-save">
            {t('forms.designer.save')}
          </Button>
        </Badge>,
      ]}
    >
      {d.error ? (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 16 }}
          data-testid="form-error"
          message={d.error instanceof Error ? d.error.message : String(d.error)}
          description={
            details.length > 0 && (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {details.map((x) => (
                  <li key={x.field}>
                    <code>{x.field}</code>: {x.message}
                  </li>
                ))}
              </ul>
            )
          }
        />
      ) : null}
      {missingRequired.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="form-missing-required"
          message={t('forms.designer.missingRequired', { fields: missingRequired.map((f) => f.name).join(', ') })}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Palette fields={d.palette} onAdd={d.add} />
        </Col>
        <Col xs={24} md={11}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            tabBarExtraContent={
              tab === 'canvas' && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => d.addSection('')} data-testid="add-section">
                  {t('forms.designer.addSection')}
                </Button>
              )
            }
            items={[
              {
                key: 'canvas',
                label: <span data-testid="tab-canvas">{t('forms.designer.canvas')}</span>,
                children:
                  d.layout.sections.length === 0 ? (
                    <Empty description={t('forms.designer.emptySection')}>
                      <Button onClick={() => d.addSection('')}>{t('forms.designer.addSection')}</Button>
                    </Empty>
                  ) : (
                    <Canvas
                      layout={d.layout}
                      fields={d.byKey}
                      selected={d.selected}
                      onSelect={d.select}
                      onDrop={d.drop}
                      onStep={d.step}
                      onRemove={d.remove}
                      onSection={d.updateSection}
                      onRemoveSection={d.removeSection}
                    />
                  ),
              },
              {
                key: 'preview',
                label: <span data-testid="tab-preview">{t('forms.designer.preview')}</span>,
                children: <Preview layout={d.layout} fields={d.fields} />,
              },
            ]}
          />
        </Col>
        <Col xs={24} md={7}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <FieldPanel
              placed={d.selected ? d.layout.sections.flatMap((s) => s.fields).find((f) => f.key === d.selected) : undefined}
              field={d.selected ? d.byKey.get(d.selected) : undefined}
              fields={d.fields}
              onChange={d.updateSelected}
            />
          </Space>
        </Col>
      </Row>
    </PageContainer>
  );
}
