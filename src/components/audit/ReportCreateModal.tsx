/**
 * "New report" (/:app/audit_report): engagement, report template (GET
 * /applications/:slug/report-templates), title and format → POST …/audit/reports, which creates
 * the report record and starts its render. A 400 puts the server's message under the field it names.
 */
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Button, Form, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import React from 'react';
import { listAppTemplates } from '../report-templates/api';
import { getAuditModel } from '../../services/audit-monitor';
import { AUDIT_REPORT_FORMATS, createReport, type AuditReportCreate } from '../../services/audit-reports';
import { submitForm } from '../../services/api-error';
import { listRecords } from '../../services/records';
import { useT } from '../useT';

export default function ReportCreateModal({ app, onCreated }: { app: string; onCreated: () => void }) {
  const t = useT();
  const [form] = Form.useForm<AuditReportCreate>();
  const required = [{ required: true, message: t('auditReports.field.required') }];
  return (
    <ModalForm<AuditReportCreate>
      name="audit-report-create"
      title={t('auditReports.new.title')}
      form={form}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ format: 'html' }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} data-testid="report-new">
          {t('auditReports.new')}
        </Button>
      }
      onFinish={async (values) => {
        const done = await submitForm(form, () => createReport(app, values));
        if (done) {
          message.success(t('auditReports.created'));
          onCreated();
        }
        return done;
      }}
    >
      <ProFormSelect
        name="engagementId"
        label={t('auditReports.field.engagement')}
        rules={required}
        showSearch
        debounceTime={300}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const model = await getAuditModel(app);
          const page = await listRecords(app, model.subjects.engagement.key, { pageSize: 50, q: keyWords || undefined });
          return page.data.map((r) => ({ value: r.id, label: [r.values.code, r.values.title].filter(Boolean).join(' · ') || r.id }));
        }}
      />
      <ProFormSelect
        name="templateId"
        label={t('auditReports.field.template')}
        rules={required}
        showSearch
        request={async () => (await listAppTemplates(app, { pageSize: 100 })).data.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
      />
      <ProFormText name="title" label={t('auditReports.field.title')} rules={required} fieldProps={{ maxLength: 500 }} />
      <ProFormSelect
        name="format"
        label={t('auditReports.field.format')}
        rules={required}
        options={AUDIT_REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
      />
    </ModalForm>
  );
}
