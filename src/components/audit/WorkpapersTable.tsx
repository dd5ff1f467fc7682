/**
 * An engagement's workpapers (the workpaper subject's records of the engagement, by number):
 * number, title, revision, status, preparer / reviewer / approver; "New workpaper" (POST
 * /workpapers); a row opens the WorkpaperDrawer (review actions, sign-offs, evidence, review notes).
 */
import { ModalForm, ProCard, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Table, Tag } from 'antd';
import React from 'react';
import { useSearchParams } from 'umi';
import type { ApplicationDetail } from '../../../contracts';
import type { RecordItem } from '../../../contracts/records';
import { submitForm } from '../../services/api-error';
import { createWorkpaper } from '../../services/audit-papers';
import { useT } from '../useT';
import { engagementFilter, idOf, textOf } from './actions';
import { useAuditRecords, useRefreshAudit, useValueLabel } from './hooks';
import WorkpaperDetail from './WorkpaperDetail';

/** Tag colours of the review states. */
export const REVIEW_COLORS: Record<string, string> = {
  draft: 'default',
  pending_review: 'processing',
  reviewed: 'cyan',
  approved: 'success',
  rejected: 'error',
};

export interface WorkpapersTableProps {
  app: ApplicationDetail;
  engagementId: string;
  subjects: { workpaper: string; procedure: string; review_note: string };
  canEdit: boolean;
  isOwner: boolean;
  currentUserId: string | null;
}

export default function WorkpapersTable({ app, engagementId, subjects, canEdit, isOwner, currentUserId }: WorkpapersTableProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm();
  const [search, setSearch] = useSearchParams();
  const openId = search.get('workpaper');
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('workpaper', id);
    else next.delete('workpaper');
    setSearch(next);
  };
  const filter = engagementFilter(engagementId);
  const list = useAuditRecords(app.slug, subjects.workpaper, filter, 'number:asc');
  const procedures = useAuditRecords(app.slug, subjects.procedure, filter);
  const labels = list.data?.labels ?? {};
  const person = (v: unknown) => {
    const id = idOf(v);
    return id ? (labels[id] ?? id) : '—';
  };
  const open = (list.data?.data ?? []).find((r) => r.id === openId) ?? null;

  return (
    <ProCard
      title={t('auditProcess.workpaper.title')}
      bordered
      extra={
        canEdit && (
          <ModalForm<{ title: string; procedureId?: string; content?: string }>
            name="workpaper-create"
            title={t('auditProcess.workpaper.new')}
            form={form}
            modalProps={{ destroyOnClose: true }}
            trigger={
              <Button icon={<PlusOutlined />} data-testid="workpaper-new">
                {t('auditProcess.workpaper.new')}
              </Button>
            }
            onFinish={(v) =>
              submitForm(form, async () => {
                await createWorkpaper(app.slug, {
                  engagementId,
                  title: v.title,
                  procedureId: v.procedureId || undefined,
                  content: v.content || undefined,
                });
                await refresh();
              })
            }
          >
            <ProFormText
              name="title"
              label={t('auditProcess.workpaper.name')}
              rules={[{ required: true, whitespace: true }]}
              fieldProps={{ maxLength: 200 }}
            />
            <ProFormSelect
              name="procedureId"
              label={t('auditProcess.workpaper.procedure')}
              options={(procedures.data?.data ?? []).map((p) => ({ value: p.id, label: textOf(p.values.title) }))}
              
            />
            <ProFormTextArea name="content" label={t('auditProcess.workpaper.content')} fieldProps={{ rows: 4 }} />
          </ModalForm>
        )
      }
    >
      {list.isError && <Alert type="error" showIcon message={list.error.message} />}
      <Table<RecordItem>
        rowKey="id"
        size="small"
        data-testid="workpapers-table"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('auditProcess.workpaper.empty') }}
        columns={[
          {
            title: t('auditProcess.workpaper.number'),
            key: 'number',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="workpaper-open">
                {textOf(r.values.number) || r.id.slice(0, 8)}
              </Button>
            ),
          },
          { title: t('auditProcess.workpaper.name'), key: 'title', render: (_, r) => textOf(r.values.title) },
          { title: t('auditProcess.workpaper.revision'), key: 'revision', render: (_, r) => textOf(r.values.revision) || '1' },
          {
            title: t('auditProcess.col.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={REVIEW_COLORS[textOf(r.values.status)]} data-testid="workpaper-status">
                {label(r.values.status)}
              </Tag>
            ),
          },
          { title: t('auditProcess.workpaper.preparedBy'), key: 'prepared', render: (_, r) => person(r.values.prepared_by) },
          { title: t('auditProcess.workpaper.reviewedBy'), key: 'reviewed', render: (_, r) => person(r.values.reviewed_by) },
          { title: t('auditProcess.workpaper.approvedBy'), key: 'approved', render: (_, r) => person(r.values.approved_by) },
        ]}
      />
      <Drawer
        open={!!openId}
        onClose={() => setOpen(null)}
        width={Math.min(880, window.innerWidth - 40)}
        title={open ? `${textOf(open.values.number)} · ${textOf(open.values.title)}` : t('auditProcess.workpaper.title')}
        destroyOnClose
        data-testid="workpaper-drawer"
      >
        {openId && open && (
          <WorkpaperDetail
            app={app}
            workpaper={open}
            engagementId={engagementId}
            reviewNoteSubject={subjects.review_note}
            canEdit={canEdit}
            isOwner={isOwner}
            currentUserId={currentUserId}
            onRevised={(id) => setOpen(id)}
          />
        )}
        {openId && !open && !list.isPending && <Alert type="info" showIcon message={t('auditProcess.workpaper.notInList')} />}
      </Drawer>
    </ProCard>
  );
}
