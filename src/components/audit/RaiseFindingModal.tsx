/**
 * Raises a finding (POST /findings, docs/engagements-flow.md, docs/engagements-papers.md): title, kind, severity, condition, criteria,
 * cause, effect, recommendation, owner — prefilled from a procedure's proposed finding. The
 * server sets raised_at (today), the due date (today + the severity's SLA days) and status open.
 */
import { ModalForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import type { ApplicationDetail } from '../../../contracts';
import { FINDING_KINDS, FINDING_SEVERITIES } from '../../../contracts/engagements.constants';
import { submitForm } from '../../services/api-error';
import { raiseFinding, type FindingCreate, type ProposedFinding } from '../../services/audit-flow';
import { useT } from '../useT';
import { useRefreshAudit, useValueLabel } from './hooks';

export interface RaiseFindingModalProps {
  app: ApplicationDetail;
  engagementId: string;
  /** The proposed finding that prefills the form (null: empty form). */
  initial: Partial<ProposedFinding> | null;
  open: boolean;
  onClose: () => void;
}

type Values = Omit<FindingCreate, 'engagementId' | 'procedureId'>;

export default function RaiseFindingModal({ app, engagementId, initial, open, onClose }: RaiseFindingModalProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm<Values>();
  const text = (name: keyof Values) => (
    <ProFormTextArea name={name} label={t(`auditProcess.finding.${name}`)} fieldProps={{ rows: 2, maxLength: 10_000 }} />
  );
  return (
    <ModalForm<Values>
      name="finding-raise"
      title={t('auditProcess.finding.raise')}
      form={form}
      open={open}
      // remounted on every opening (destroyOnClose): the proposed finding prefills it
      initialValues={{
        title: initial?.title ?? '',
        kind: initial?.kind ?? 'deficiency',
        severity: initial?.severity ?? 'medium',
        condition: initial?.condition ?? '',
      }}
      modalProps={{ destroyOnClose: true }}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      submitter={{ submitButtonProps: { 'data-testid': 'finding-submit' } as never }}
      onFinish={(v) =>
        submitForm(form, async () => {
          await raiseFinding(app.slug, {
            ...v,
            engagementId,
            procedureId: initial?.procedure || undefined,
            condition: v.condition || undefined,
            criteria: v.criteria || undefined,
            cause: v.cause || undefined,
            effect: v.effect || undefined,
            recommendation: v.recommendation || undefined,
            owner: v.owner || undefined,
          });
          message.success(t('auditProcess.finding.raised'));
          await refresh();
          onClose();
        })
      }
    >
      <ProFormText
        name="title"
        label={t('auditProcess.finding.name')}
        rules={[{ required: true, whitespace: true }]}
        fieldProps={{ maxLength: 200 }}
      />
      <ProFormSelect
        name="kind"
        label={t('auditProcess.finding.kind')}
        rules={[{ required: true }]}
        options={FINDING_KINDS.map((k) => ({ value: k, label: label(k) }))}
        
      />
      <ProFormSelect
        name="severity"
        label={t('auditProcess.finding.severity')}
        rules={[{ required: true }]}
        options={FINDING_SEVERITIES.map((k) => ({ value: k, label: label(k) }))}
        
      />
      {text('condition')}
      {text('criteria')}
      {text('cause')}
      {text('effect')}
      {text('recommendation')}
      <ProFormSelect
        name="owner"
        label={t('auditProcess.finding.owner')}
        showSearch
        options={app.members.map((m) => ({ value: m.userId, label: m.name }))}
        
      />
    </ModalForm>
  );
}
