/**
 * The announcement form (create and edit): title, audience (everyone / groups / one application's
 * members) with its picker, publish window, published switch, and the rich text body (lazy tiptap
 * editor). "Save" keeps the published state; "Save and publish" publishes too. Server field errors
 * land on their fields (the window's two ends on the window), nothing typed is lost; an edit sends
 * the notice's `updatedAt` so a concurrent save is a 409, not an overwrite.
 */
import {
  ProForm,
  ProFormDateTimeRangePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { Button, Form, message, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import type { AdminNotice, AnnouncementAudience, NoticeCreate } from '../../../../../contracts';
import { ApiError, showFieldErrors } from '../../../../services/api-error';
import { listApplications } from '../../../../services/applications';
import { createNotice, listNoticeGroups, updateNotice } from '../../../../services/notices';
import LazyRichTextEditor from './LazyRichTextEditor';

interface FormValues {
  title: string;
  audience: AnnouncementAudience;
  groupIds?: string[];
  applicationId?: string;
  window?: [Dayjs | string | null, Dayjs | string | null];
  published: boolean;
  body?: string;
}

const AUDIENCES: AnnouncementAudience[] = ['everyone', 'groups', 'application'];

/** A window end as ISO 8601 (ProForm may hand back a dayjs or a formatted string), or null. */
const isoOf = (v: Dayjs | string | null | undefined) => (v ? dayjs(v).toISOString() : null);

/** The server's `publishFrom`/`publishUntil` errors go on the form's `window` field. */
function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((d) => (d.field === 'publishFrom' || d.field === 'publishUntil' ? { ...d, field: 'window' } : d));
  return new ApiError({ status: error.status, errorCode: error.errorCode, message: error.message, showType: error.showType, details });
}

export default function NoticeForm({ notice, onSaved }: { notice?: AdminNotice; onSaved: (n: AdminNotice) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<FormValues>();
  const initialValues: FormValues = notice
    ? {
        title: notice.title,
        audience: notice.audience as AnnouncementAudience,
        groupIds: notice.groupIds,
        applicationId: notice.application?.id,
        window: notice.publishFrom || notice.publishUntil ? [notice.publishFrom ? dayjs(notice.publishFrom) : null, notice.publishUntil ? dayjs(notice.publishUntil) : null] : undefined,
        published: notice.published,
        body: notice.body,
      }
    : { title: '', audience: 'everyone', published: false, body: '' };

  const save = async (publish: boolean) => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input: NoticeCreate = {
      title: values.title,
      body: values.body ?? '',
      audience: values.audience,
      groupIds: values.audience === 'groups' ? (values.groupIds ?? []) : [],
      applicationId: values.audience === 'application' ? (values.applicationId ?? null) : null,
      publishFrom: isoOf(values.window?.[0]),
      publishUntil: isoOf(values.window?.[1]),
      published: publish || values.published,
    };
    try {
      const saved = notice ? await updateNotice(notice.id, { ...input, updatedAt: notice.updatedAt }) : await createNotice(input);
      message.success(t(publish ? 'notices.admin.published' : 'notices.admin.saved'));
      form.setFieldsValue({ published: saved.published, body: saved.body });
      onSaved(saved);
    } catch (e) {
      showFieldErrors(form, onFormFields(e));
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <ProForm<FormValues> name="noticeForm"
      form={form}
      initialValues={initialValues}
      onFinish={() => save(false)}
      submitter={{
        render: () => (
          <Space>
            <Button type="primary" htmlType="submit" data-testid="notice-save">
              {t('notices.form.save')}
            </Button>
            {!notice?.published && (
              <Button onClick={() => void save(true)} data-testid="notice-save-publish">
                {t('notices.form.saveAndPublish')}
              </Button>
            )}
          </Space>
        ),
      }}
    >
      <ProFormText name="title" label={t('notices.field.title')} rules={[{ required: true, whitespace: true, message: t('common.required') }]} fieldProps={{ maxLength: 200 }} />
      <ProFormRadio.Group
        name="audience"
        label={t('notices.field.audience')}
        radioType="button"
        options={AUDIENCES.map((a) => ({ value: a, label: t(`notices.audience.${a}`) }))}
      />
      <ProFormDependency name={['audience']}>
        {({ audience }: { audience?: AnnouncementAudience }) =>
          audience === 'groups' ? (
            <ProFormSelect
              name="groupIds"
              label={t('notices.field.groups')}
              mode="multiple"
              rules={[{ required: true, message: t('common.required') }]}
              fieldProps={{ placeholder: t('notices.form.groupsPlaceholder'), notFoundContent: t('notices.form.noGroups') }}
              request={async () => (await listNoticeGroups()).map((g) => ({ value: g.id, label: g.name }))}
            />
          ) : audience === 'application' ? (
            <ProFormSelect
              name="applicationId"
              label={t('notices.field.application')}
              showSearch
              rules={[{ required: true, message: t('common.required') }]}
              fieldProps={{ placeholder: t('notices.form.applicationPlaceholder') }}
              request={async () => (await listApplications({ pageSize: 100 })).data.map((a) => ({ value: a.id, label: `${a.name} (/${a.slug})` }))}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormDateTimeRangePicker
        name="window"
        label={t('notices.field.window')}
        extra={t('notices.form.windowHelp')}
        fieldProps={{ allowEmpty: [true, true], placeholder: [t('notices.form.windowStart'), t('notices.form.windowEnd')] }}
      />
      <ProFormSwitch name="published" label={t('notices.form.published')} />
      <Form.Item name="body" label={t('notices.field.body')}>
        <LazyRichTextEditor ariaLabel={t('notices.field.body')} />
      </Form.Item>
    </ProForm>
  );
}
