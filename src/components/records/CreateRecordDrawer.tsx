/**
 * The "New record" drawer of the records grid: a form of the subject's writable fields (their
 * defaults filled in, rules from the fields), POST …/records; a 400's field errors land under their
 * fields and the drawer stays open with everything typed. When the subject has a default dynamic
 * form, that form is rendered instead (FormLayoutItems) and its id sent with the values.
 */
import { PlusOutlined } from '@ant-design/icons';
import { DrawerForm } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { RecordItem, SubjectDetail } from '../../../contracts';
import { createRecord } from '../../services/records';
import { isWritable } from '../fields';
import { ruleWarningsText } from './detail/RecordIncidents';
import { showRecordErrors } from './errors';
import FormLayoutItems, { layoutInitialValues, useDefaultForm, visibleValues } from './FormLayoutItems';
import RecordFormItems, { definedValues } from './RecordFormItems';

export default function CreateRecordDrawer({
  app,
  subject,
  onDone,
  label,
}: {
  app: string;
  subject: SubjectDetail;
  onDone: (record: RecordItem) => void;
  /** The button's text (default "New record"). */
  label?: string;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<Record<string, unknown>>();
  const writable = subject.fields.filter(isWritable);
  // the subject's default dynamic form, when it has one: its layout, defaults and conditions
  const { form: designed } = useDefaultForm(app, subject.key);
  const initialValues = designed
    ? layoutInitialValues(designed.layout, subject.fields)
    : Object.fromEntries(writable.filter((f) => f.defaultValue !== undefined && f.defaultValue !== null).map((f) => [f.key, f.defaultValue]));
  return (
    <DrawerForm<Record<string, unknown>> name="createRecordDrawer"
      form={form}
      title={intl.formatMessage({ id: 'records.create.title' }, { subject: subject.name })}
      width={640}
      initialValues={initialValues}
      drawerProps={{ destroyOnClose: true, maskClosable: false }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} data-testid="create-record">
          {label ?? intl.formatMessage({ id: 'records.grid.new' })}
        </Button>
      }
      submitter={{ searchConfig: { submitText: intl.formatMessage({ id: 'records.save' }) } }}
      onFinish={async (values) => {
        try {
          const sent = designed ? visibleValues(designed.layout, values) : values;
          const created = await createRecord(app, subject.key, definedValues(sent), designed?.id);
          // saved with warnings (rules of severity warning it fails): say which, else the plain success
          const warned = ruleWarningsText(created.warnings, intl.locale, (id, values) => intl.formatMessage({ id }, values));
          if (warned) message.warning(warned);
          else message.success(intl.formatMessage({ id: 'records.create.done' }));
          onDone(created.record);
          return true;
        } catch (e) {
          showRecordErrors(
            form,
            e,
            writable.map((f) => f.key),
          );
          message.error(e instanceof Error ? e.message : String(e));
          return false;
        }
      }}
    >
      <div data-testid="create-record-form" data-form-id={designed?.id}>
        {designed ? <FormLayoutItems form={form} layout={designed.layout} fields={subject.fields} /> : <RecordFormItems fields={subject.fields} />}
      </div>
    </DrawerForm>
  );
}
