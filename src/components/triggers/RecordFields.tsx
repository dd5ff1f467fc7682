/**
 * The `update_record` and `create_record` actions' form (docs/triggers.md "Action types"; server
 * update-record.action.ts, create-record.action.ts): the subject (update: empty = the event's;
 * create: a subject of the application, required), for update the record (empty = the event's),
 * and the fields to set, each a constant (the field's own input, FieldInput) or a formula (mathjs
 * over the record's field keys, the records module's evaluator). Without an application (a global
 * library action) the subject and field keys are typed. Form items of ActionConfigForm's form
 * (RecordValues).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Radio, Select, Space, Typography } from 'antd';
import type { FormInstance } from 'antd';
import React from 'react';
import type { Field } from '../../../contracts';
import FieldInput from '../fields/FieldInput';
import { isWritable } from '../fields/rules';
import { SubjectSelect } from '../../pages/compare_record_field/components/Pickers';
import type { SetRow } from './actionConfig';
import { useSubjectFields, useT } from './ConfigPickers';

export default function RecordFields({
  form,
  kind,
  app,
  subject,
  testId,
}: {
  form: FormInstance;
  kind: 'update_record' | 'create_record';
  /** The application's slug (the trigger's, or the library action's); undefined for a global action. */
  app?: string;
  /** The trigger's subject: update_record's default. */
  subject?: string;
  testId: string;
}) {
  const t = useT();
  const chosen = Form.useWatch('subject', form) as string | undefined;
  const target = chosen || (kind === 'update_record' ? subject : undefined);
  const { fields: all, loading } = useSubjectFields(app, target);
  const writable = all.filter((f) => isWritable(f));
  const fieldOf = (key: string | undefined): Field | undefined => writable.find((f) => f.key === key);
  const subjectHint =
    kind === 'update_record'
      ? subject
        ? t('actionForm.record.subject.default', { subject })
        : t('actionForm.record.subject.event')
      : undefined;
  return (
    <>
      <Space wrap size={[16, 0]} align="start">
        <Form.Item label={t('actionForm.record.subject')} name="subject" required={kind === 'create_record'} extra={subjectHint}>
          {app ? (
            <SubjectSelect app={app} onChange={() => undefined} placeholder={subjectHint} data-testid={`${testId}-subject`} />
          ) : (
            <Input placeholder={t('actionForm.record.subject.key')} style={{ width: 220 }} data-testid={`${testId}-subject`} />
          )}
        </Form.Item>
        {kind === 'update_record' ? (
          <Form.Item label={t('actionForm.record.recordId')} name="recordId" extra={t('actionForm.record.recordId.help')}>
            <Input
              placeholder={t('actionForm.record.recordId.placeholder')}
              style={{ width: 340 }}
              data-testid={`${testId}-record`}
            />
          </Form.Item>
        ) : null}
      </Space>
      <Form.Item
        label={t('actionForm.record.set')}
        required={kind === 'update_record'}
        extra={t('actionForm.record.formula.help')}
      >
        <Form.List name="set">
          {(rows, { add, remove }, { errors }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {rows.map((row) => (
                <Card
                  size="small"
                  key={row.key}
                  data-testid={`${testId}-set-${row.name}`}
                  styles={{ body: { paddingBottom: 0 } }}
                >
                  <Space wrap align="start" size={[12, 0]}>
                    <Form.Item name={[row.name, 'field']} label={t('actionForm.record.field')}>
                      {writable.length ? (
                        <Select
                          showSearch
                          optionFilterProp="label"
                          style={{ width: 220 }}
                          options={writable.map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
                          data-testid={`${testId}-set-${row.name}-field`}
                        />
                      ) : (
                        <Input
                          placeholder={loading ? '…' : t('actionForm.record.field.key')}
                          style={{ width: 220 }}
                          data-testid={`${testId}-set-${row.name}-field`}
                        />
                      )}
                    </Form.Item>
                    <Form.Item name={[row.name, 'mode']} label={t('actionForm.record.mode')}>
                      <Radio.Group optionType="button" size="middle" data-testid={`${testId}-set-${row.name}-mode`}>
                        <Radio.Button value="value">{t('actionForm.record.mode.value')}</Radio.Button>
                        <Radio.Button value="formula">{t('actionForm.record.mode.formula')}</Radio.Button>
                      </Radio.Group>
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const r = (form.getFieldValue(['set', row.name]) ?? {}) as SetRow;
                        if (r.mode === 'formula')
                          return (
                            <Form.Item name={[row.name, 'formula']} label={t('actionForm.record.formula')}>
                              <Input
                                placeholder="amount * 1.1"
                                style={{ width: 300, fontFamily: 'monospace' }}
                                data-testid={`${testId}-set-${row.name}-formula`}
                              />
                            </Form.Item>
                          );
                        const field = fieldOf(r.field);
                        return (
                          <Form.Item name={[row.name, 'value']} label={t('actionForm.record.value')} style={{ minWidth: 300 }}>
                            {field ? (
                              <FieldInput field={field} data-testid={`${testId}-set-${row.name}-value`} />
                            ) : (
                              <Input style={{ width: 300 }} data-testid={`${testId}-set-${row.name}-value`} />
                            )}
                          </Form.Item>
                        );
                      }}
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(row.name)}
                        aria-label={t('actionForm.remove')}
                        data-testid={`${testId}-set-${row.name}-remove`}
                      />
                    </Form.Item>
                  </Space>
                </Card>
              ))}
              {!rows.length ? <Typography.Text type="secondary">{t('actionForm.record.set.empty')}</Typography.Text> : null}
              <Form.ErrorList errors={errors} />
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add({ field: undefined, mode: 'value', value: null } satisfies SetRow)}
                data-testid={`${testId}-set-add`}
              >
                {t('actionForm.record.set.add')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
