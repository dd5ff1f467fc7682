/**
 * An engagement's procedures checklist (the procedure subject's records whose `engagement` is the
 * engagement): title, kind, status, conclusion, assignee; add a procedure (records API), start it
 * (POST …/procedures/:id/start), draw a sample (SampleModal) and conclude it (ConcludeModal, which
 * offers to raise the proposed finding of an `ineffective` conclusion).
 */
import { ModalForm, ProCard, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space, Table, Tag, Typography, message } from 'antd';
import React, { useState } from 'react';
import type { ApplicationDetail } from '../../../contracts';
import { PROCEDURE_KINDS, PROCEDURE_METHODS } from '../../../contracts/engagements.constants';
import type { RecordItem } from '../../../contracts/records';
import { submitForm } from '../../services/api-error';
import { startProcedure } from '../../services/audit-flow';
import { createRecord } from '../../services/records';
import { useT } from '../useT';
import { engagementFilter, idOf, textOf } from './actions';
import ConcludeModal from './ConcludeModal';
import { useAuditRecords, useRefreshAudit, useValueLabel } from './hooks';
import SampleModal from './SampleModal';

const STATUS_COLORS: Record<string, string> = { open: 'default', in_progress: 'processing', done: 'success' };
const CONCLUSION_COLORS: Record<string, string> = { effective: 'green', partially_effective: 'gold', ineffective: 'red' };

export interface ProceduresTableProps {
  app: ApplicationDetail;
  engagementId: string;
  subjects: { procedure: string; finding: string };
  canEdit: boolean;
}

export default function ProceduresTable({ app, engagementId, subjects, canEdit }: ProceduresTableProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm();
  const [sampling, setSampling] = useState<RecordItem | null>(null);
  const [concluding, setConcluding] = useState<RecordItem | null>(null);
  const list = useAuditRecords(app.slug, subjects.procedure, engagementFilter(engagementId));
  const labels = list.data?.labels ?? {};
  const memberOptions = app.members.map((m) => ({ value: m.userId, label: m.name }));

  const start = async (r: RecordItem) => {
    try {
      await startProcedure(app.slug, r.id);
      message.success(t('auditProcess.procedure.started'));
      await refresh();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <ProCard
      title={t('auditProcess.procedure.title')}
      bordered
      extra={
        canEdit && (
          <ModalForm<{ title: string; kind?: string; method?: string; control?: string; assignee?: string }>
            name="procedure-create"
            title={t('auditProcess.procedure.new')}
            form={form}
            modalProps={{ destroyOnClose: true }}
            trigger={
              <Button icon={<PlusOutlined />} data-testid="procedure-new">
                {t('auditProcess.procedure.new')}
              </Button>
            }
            onFinish={(v) =>
              submitForm(form, async () => {
                await createRecord(app.slug, subjects.procedure, {
                  title: v.title,
                  engagement: engagementId,
                  kind: v.kind ?? 'control_test',
                  method: v.method ?? null,
                  control: v.control || null,
                  assignee: v.assignee ?? null,
                });
                await refresh();
              })
            }
          >
            <ProFormText
              name="title"
              label={t('auditProcess.procedure.name')}
              rules={[{ required: true, whitespace: true }]}
              fieldProps={{ maxLength: 200, 'data-testid': 'procedure-title' } as never}
            />
            <ProFormSelect
              name="kind"
              label={t('auditProcess.procedure.kind')}
              initialValue="control_test"
              options={PROCEDURE_KINDS.map((k) => ({ value: k, label: label(k) }))}
              
            />
            <ProFormSelect
              name="method"
              label={t('auditProcess.procedure.method')}
              options={PROCEDURE_METHODS.map((k) => ({ value: k, label: label(k) }))}
              
            />
            <ProFormText name="control" label={t('auditProcess.procedure.control')} fieldProps={{ maxLength: 200 }} />
            <ProFormSelect
              name="assignee"
              label={t('auditProcess.procedure.assignee')}
              options={memberOptions}
              showSearch
              
            />
          </ModalForm>
        )
      }
    >
      {list.isError && <Alert type="error" showIcon message={list.error.message} />}
      <Table<RecordItem>
        rowKey="id"
        size="small"
        data-testid="procedures-table"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('auditProcess.procedure.empty') }}
        columns={[
          { title: t('auditProcess.procedure.name'), key: 'title', render: (_, r) => textOf(r.values.title) },
          { title: t('auditProcess.procedure.kind'), key: 'kind', render: (_, r) => label(r.values.kind) },
          {
            title: t('auditProcess.col.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={STATUS_COLORS[textOf(r.values.status)]} data-testid="procedure-status">
                {label(r.values.status)}
              </Tag>
            ),
          },
          {
            title: t('auditProcess.procedure.conclusion'),
            key: 'conclusion',
            render: (_, r) =>
              r.values.conclusion ? (
                <Space direction="vertical" size={0}>
                  <Tag color={CONCLUSION_COLORS[textOf(r.values.conclusion)]}>{label(r.values.conclusion)}</Tag>
                  {r.values.conclusion_note ? <Typography.Text type="secondary">{textOf(r.values.conclusion_note)}</Typography.Text> : null}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('auditProcess.procedure.assignee'),
            key: 'assignee',
            render: (_, r) => {
              const id = idOf(r.values.assignee);
              return id ? (labels[id] ?? id) : '—';
            },
          },
          ...(canEdit
            ? [
                {
                  title: t('auditProcess.col.actions'),
                  key: 'actions',
                  render: (_: unknown, r: RecordItem) => {
                    const status = textOf(r.values.status);
                    return (
                      <Space size={4} wrap>
                        {status === 'open' && (
                          <Button size="small" onClick={() => void start(r)} data-testid="procedure-start">
                            {t('auditProcess.procedure.start')}
                          </Button>
                        )}
                        {status !== 'done' && (
                          <Button size="small" onClick={() => setSampling(r)} data-testid="procedure-sample">
                            {t('auditProcess.sample.draw')}
                          </Button>
                        )}
                        {status !== 'done' && (
                          <Button size="small" type="primary" ghost onClick={() => setConcluding(r)} data-testid="procedure-conclude">
                            {t('auditProcess.conclude.action')}
                          </Button>
                        )}
                      </Space>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      <SampleModal app={app.slug} procedure={sampling} onClose={() => setSampling(null)} />
      <ConcludeModal
        app={app}
        engagementId={engagementId}
        procedure={concluding}
        onClose={() => setConcluding(null)}
      />
    </ProCard>
  );
}
