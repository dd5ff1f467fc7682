/**
 * The engagement picker of the audit process page: the engagement subject's records (records API,
 * newest first) in a searchable select, and "New engagement" (records API POST: title, client,
 * period, budget hours; the phase starts at `scope`).
 */
import { ModalForm, ProFormDateRangePicker, ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Button, Form, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import React from 'react';
import type { RecordPage } from '../../../contracts/records';
import { submitForm } from '../../services/api-error';
import { createRecord } from '../../services/records';
import { useT } from '../useT';
import { textOf } from './actions';
import { useRefreshAudit, useValueLabel } from './hooks';

/** The engagement's name in lists: `ENG-0001 · title`. */
export const engagementName = (values: Record<string, unknown>): string =>
  [textOf(values.code), textOf(values.title)].filter(Boolean).join(' · ');

export interface EngagementCreateProps {
  app: string;
  /** The application's members, for the lead and reviewer. */
  members: { userId: string; name: string }[];
  subject: string;
  onCreated: (id: string) => void;
  trigger?: React.ReactElement;
}

/** "New engagement": a modal form creating an engagement record; resolves to its id through `onCreated`. */
export function EngagementCreate({ app, members, subject, onCreated, trigger }: EngagementCreateProps) {
  const t = useT();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm();
  const people = members.map((m) => ({ value: m.userId, label: m.name }));
  return (
    <ModalForm<{ title: string; client?: string; period?: [string, string]; budget_hours?: number; lead?: string; reviewer?: string }>
      name="engagement-create"
      title={t('auditProcess.engagement.new')}
      form={form}
      modalProps={{ destroyOnClose: true }}
      trigger={
        trigger ?? (
          <Button icon={<PlusOutlined />} data-testid="engagement-new">
            {t('auditProcess.engagement.new')}
          </Button>
        )
      }
      onFinish={(v) =>
        submitForm(form, async () => {
          const res = await createRecord(app, subject, {
            title: v.title,
            client: v.client || null,
            period_start: v.period?.[0] ?? null,
            period_end: v.period?.[1] ?? null,
            budget_hours: v.budget_hours ?? null,
            lead: v.lead ?? null,
            reviewer: v.reviewer ?? null,
          });
          await refresh();
          onCreated(res.record.id);
        })
      }
    >
      <ProFormText
        name="title"
        label={t('auditProcess.engagement.title')}
        rules={[{ required: true, whitespace: true }]}
        fieldProps={{ maxLength: 200, 'data-testid': 'engagement-title' } as never}
      />
      <ProFormText name="client" label={t('auditProcess.engagement.client')} fieldProps={{ maxLength: 200 }} />
      <ProFormDateRangePicker
        name="period"
        label={t('auditProcess.engagement.period')}
        fieldProps={{ format: 'YYYY-MM-DD' }}
      />
      <ProFormSelect name="lead" label={t('auditProcess.engagement.lead')} showSearch options={people} />
      <ProFormSelect name="reviewer" label={t('auditProcess.engagement.reviewer')} showSearch options={people} />
      <ProFormDigit name="budget_hours" label={t('auditProcess.engagement.budget')} min={0}  />
    </ModalForm>
  );
}

export interface EngagementPickerProps {
  page: RecordPage | undefined;
  loading: boolean;
  value: string | null;
  onChange: (id: string) => void;
}

/** The select of engagements (code · title, with the phase). */
export default function EngagementPicker({ page, loading, value, onChange }: EngagementPickerProps) {
  const t = useT();
  const label = useValueLabel();
  return (
    <Space>
      <label htmlFor="engagement-picker">{t('auditProcess.engagement.pick')}</label>
      <Select
        id="engagement-picker"
        data-testid="engagement-picker"
        style={{ minWidth: 320 }}
        showSearch
        optionFilterProp="search"
        loading={loading}
        value={value ?? undefined}
        placeholder={t('auditProcess.engagement.pickPlaceholder')}
        onChange={onChange}
        options={(page?.data ?? []).map((r) => ({
          value: r.id,
          search: engagementName(r.values),
          label: (
            <span>
              {engagementName(r.values)} ({label(r.values.phase)})
            </span>
          ),
        }))}
      />
    </Space>
  );
}
