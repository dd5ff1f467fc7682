/**
 * A record's values: read as ProDescriptions (FieldValue per field), edited in a form of the
 * writable fields (RecordFormItems). Saving sends only the changed fields with the version the
 * edit started from; a 409 STALE_VERSION shows the ConflictPanel (what changed meanwhile) and
 * keeps the form: "reload" discards the edits, "re-apply" rebases them on the newest version
 * (fields the editor did not touch take the newest values) for the editor to check and save.
 * A 400's field errors stand under their fields.
 */
import { EditOutlined } from '@ant-design/icons';
import { ProDescriptions } from '@ant-design/pro-components';
import { Button, Card, Form, Space, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { RecordDetail, StaleConflict, SubjectDetail } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { staleConflictOf, updateRecord } from '../../../services/records';
import { FieldValue, isWritable } from '../../fields';
import { showRecordErrors } from '../errors';
import FormLayoutItems, { useDefaultForm, visibleValues } from '../FormLayoutItems';
import RecordFormItems from '../RecordFormItems';
import { changedKeys } from './changes';
import ConflictPanel from './ConflictPanel';
import { ruleWarningsText } from './RecordIncidents';

type Values = Record<string, unknown>;

/** Sets every given field of the form (values may be null: an empty field). */
function setValues(form: ReturnType<typeof Form.useForm<Values>>[0], values: Values) {
  form.setFields(Object.entries(values).map(([name, value]) => ({ name, value, errors: [] })));
}

export default function RecordValues({
  app,
  subject,
  detail,
  canEdit,
  onSaved,
}: {
  app: string;
  subject: SubjectDetail;
  detail: RecordDetail;
  canEdit: boolean;
  /** After a save, a reload or a re-apply: re-read the record. */
  onSaved: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const [base, setBase] = useState<{ version: number; values: Values }>({ version: 0, values: {} });
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const [saving, setSaving] = useState(false);
  const record = detail.record;
  const keys = subject.fields.filter(isWritable).map((f) => f.key);
  // the subject's default dynamic form, when it has one, lays out the edit form
  const { form: designed } = useDefaultForm(app, subject.key);

  const startEdit = () => {
    const values = Object.fromEntries(keys.map((k) => [k, record.values[k] ?? null]));
    setBase({ version: record.version, values });
    setConflict(null);
    form.resetFields();
    setValues(form, values);
    setEditing(true);
  };

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const changed = changedKeys(designed ? visibleValues(designed.layout, values) : values, base.values, keys);
    if (changed.length === 0) {
      message.info(t('records.unchanged'));
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateRecord(
        app,
        subject.key,
        record.id,
        base.version,
        Object.fromEntries(changed.map((k) => [k, values[k] ?? null])),
        designed?.id,
      );
      const warned = ruleWarningsText(saved.warnings, intl.locale, t);
      if (warned) message.warning(warned);
      else message.success(t('records.saved', { version: saved.record.version }));
      setEditing(false);
      await onSaved();
    } catch (e) {
      const stale = staleConflictOf(e);
      if (stale) setConflict(stale);
      else {
        showRecordErrors(form, e, keys);
        message.error(toApiError(e).message);
      }
    } finally {
      setSaving(false);
    }
  };

  const reapply = () => {
    if (!conflict) return;
    const mine = changedKeys(form.getFieldsValue(true) as Values, base.values, keys);
    const current = Object.fromEntries(keys.map((k) => [k, conflict.current.values[k] ?? null]));
    const mineValues = form.getFieldsValue(mine) as Values;
    setBase({ version: conflict.current.version, values: current });
    setValues(form, { ...current, ...mineValues });
    message.info(t('records.conflict.reapplied', { version: conflict.current.version }));
    setConflict(null);
    void onSaved();
  };

  const reload = async () => {
    setConflict(null);
    setEditing(false);
    await onSaved();
  };

  return (
    <Card
      title={t('records.tab.values')}
      data-testid="record-values"
      extra={
        canEdit &&
        (editing ? (
          <Space>
            <Button
              onClick={() => {
                setConflict(null);
                setEditing(false);
              }}
              disabled={saving}
              data-testid="record-cancel"
            >
              {t('records.cancel')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="record-save">
              {t('records.save')}
            </Button>
          </Space>
        ) : (
          <Button icon={<EditOutlined />} onClick={startEdit} data-testid="record-edit">
            {t('records.edit')}
          </Button>
        ))
      }
    >
      {conflict && (
        <ConflictPanel
          conflict={conflict}
          fromVersion={base.version}
          fields={subject.fields}
          mine={changedKeys(form.getFieldsValue(true) as Values, base.values, keys)}
          onReload={() => void reload()}
          onReapply={reapply}
        />
      )}
      {editing ? (
        <Form<Values>
          form={form}
          layout="vertical"
          name={`record_${record.id}`}
          data-testid="record-edit-form"
          style={{ maxWidth: 760 }}
        >
          {designed ? (
            <FormLayoutItems form={form} layout={designed.layout} fields={subject.fields} recordId={record.id} />
          ) : (
            <RecordFormItems fields={subject.fields} recordId={record.id} />
          )}
        </Form>
      ) : (
        <ProDescriptions column={{ xs: 1, sm: 1, md: 2 }} dataSource={record.values} data-testid="record-descriptions">
          {subject.fields.map((f) => (
            <ProDescriptions.Item
              key={f.key}
              label={f.name}
              tooltip={f.helpText ?? undefined}
              span={f.type === 'richText' || f.type === 'longText' ? 2 : 1}
              render={() => (
                <span data-testid={`record-value-${f.key}`}>
                  <FieldValue field={f} value={record.values[f.key]} />
                </span>
              )}
            />
          ))}
        </ProDescriptions>
      )}
    </Card>
  );
}
