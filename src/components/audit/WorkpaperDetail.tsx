/**
 * One workpaper in the drawer of WorkpapersTable: its review actions (GET …/workpapers/:id/actions
 * → POST …/transition with a comment; open review notes block submit, review and approve), "Revise"
 * once approved (POST …/revise → the new draft), its sign-offs, its evidence (documents of the
 * application's evidence store: attach, detach — refused once approved) and its review notes (the
 * review_note records of the workpaper: add through the records API, clear with a response →
 * POST /review-notes/:id/clear, the preparer or an owner).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import type { ApplicationDetail } from '../../../contracts';
import type { RecordItem } from '../../../contracts/records';
import { showFieldErrors } from '../../services/api-error';
import {
  attachEvidence,
  clearReviewNote,
  detachEvidence,
  getWorkpaperActions,
  listEvidence,
  listSignoffs,
  reviseWorkpaper,
  transitionWorkpaper,
} from '../../services/audit-papers';
import { auditKeys } from '../../services/audit-model';
import { createRecord } from '../../services/records';
import { listDocuments } from '../documents/api';
import { useT } from '../useT';
import { fieldFilter, idOf, textOf } from './actions';
import GuardedActions from './GuardedActions';
import { useAuditRecords, useRefreshAudit, useValueLabel } from './hooks';
import { REVIEW_COLORS } from './WorkpapersTable';

export interface WorkpaperDetailProps {
  app: ApplicationDetail;
  workpaper: RecordItem;
  engagementId: string;
  reviewNoteSubject: string;
  canEdit: boolean;
  isOwner: boolean;
  currentUserId: string | null;
  onRevised: (newId: string) => void;
}

const fail = (e: unknown) => message.error(e instanceof Error ? e.message : String(e));

function Evidence({ app, id, canEdit, locked }: { app: string; id: string; canEdit: boolean; locked: boolean }) {
  const t = useT();
  const refresh = useRefreshAudit();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const evidence = useQuery({
    queryKey: auditKeys.action('evidence', app, id),
    queryFn: ({ signal }) => listEvidence(app, id, signal),
    retry: false,
  });
  const documents = useQuery({
    queryKey: auditKeys.action('evidenceDocuments', app, q),
    queryFn: () => listDocuments({ kind: 'app', slug: app }, { q: q || undefined, pageSize: 20 }),
    enabled: canEdit && !locked,
  });
  const attach = async () => {
    if (!picked) return;
    try {
      await attachEvidence(app, id, picked);
      setPicked(undefined);
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  return (
    <div data-testid="workpaper-evidence">
      {canEdit && !locked && (
        <Space style={{ marginBottom: 8 }} wrap>
          <label htmlFor={`evidence-pick-${id}`}>{t('auditProcess.evidence.pick')}</label>
          <Select
            id={`evidence-pick-${id}`}
            showSearch
            filterOption={false}
            onSearch={setQ}
            style={{ minWidth: 280 }}
            value={picked}
            onChange={setPicked}
            loading={documents.isFetching}
            notFoundContent={documents.isSuccess ? t('auditProcess.evidence.noDocuments') : undefined}
            options={(documents.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
          <Button onClick={() => void attach()} disabled={!picked} data-testid="evidence-attach">
            {t('auditProcess.evidence.attach')}
          </Button>
        </Space>
      )}
      {evidence.isError && <Alert type="error" showIcon message={evidence.error.message} />}
      <List
        size="small"
        loading={evidence.isPending}
        dataSource={evidence.data ?? []}
        locale={{ emptyText: t('auditProcess.evidence.empty') }}
        renderItem={(e) => (
          <List.Item
            actions={
              canEdit && !e.lockedAt
                ? [
                    <Popconfirm
                      key="detach"
                      title={t('auditProcess.evidence.detachConfirm', { name: e.name })}
                      onConfirm={() =>
                        detachEvidence(app, id, e.documentId)
                          .then(() => refresh())
                          .catch(fail)
                      }
                    >
                      <Button size="small" danger type="link">
                        {t('auditProcess.evidence.detach')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <a href={`/${encodeURIComponent(app)}/files?document=${encodeURIComponent(e.documentId)}`}>
                  {e.name}
                </a>
              }
              description={
                <span>
                  {e.attachedByLabel} · {dayjs(e.attachedAt).format('YYYY-MM-DD HH:mm')}
                  {e.versionNumber !== null && ` · ${t('auditProcess.evidence.pinned', { n: e.versionNumber })}`}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}

function ReviewNotes(props: {
  app: ApplicationDetail;
  workpaper: RecordItem;
  engagementId: string;
  subject: string;
  canEdit: boolean;
  canClear: boolean;
}) {
  const { app, workpaper, engagementId, subject, canEdit, canClear } = props;
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const notes = useAuditRecords(app.slug, subject, fieldFilter('workpaper', workpaper.id));
  const [note, setNote] = useState('');
  const [adding, setAdding] = useState(false);
  const [clearing, setClearing] = useState<RecordItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ response?: string }>();
  const labels = notes.data?.labels ?? {};

  const add = async () => {
    if (!note.trim()) return;
    setAdding(true);
    try {
      await createRecord(app.slug, subject, { note: note.trim(), engagement: engagementId, workpaper: workpaper.id });
      setNote('');
      await refresh();
    } catch (e) {
      fail(e);
    } finally {
      setAdding(false);
    }
  };
  const clear = async () => {
    if (!clearing) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      await clearReviewNote(app.slug, clearing.id, v.response?.trim());
      setClearing(null);
      await refresh();
    } catch (e) {
      showFieldErrors(form, e);
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="review-notes">
      {notes.isError && <Alert type="error" showIcon message={notes.error.message} />}
      <List
        size="small"
        loading={notes.isPending}
        dataSource={notes.data?.data ?? []}
        locale={{ emptyText: t('auditProcess.note.empty') }}
        renderItem={(n) => {
          const open = textOf(n.values.status) !== 'cleared';
          const by = idOf(n.values.cleared_by);
          return (
            <List.Item
              data-testid="review-note"
              actions={
                open && canClear
                  ? [
                      <Button
                        key="clear"
                        size="small"
                        onClick={() => setClearing(n)}
                        data-testid="review-note-clear"
                      >
                        {t('auditProcess.note.clear')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Tag color={open ? 'orange' : 'green'} data-testid="review-note-status">
                      {label(n.values.status || 'open')}
                    </Tag>
                    <span style={{ whiteSpace: 'pre-wrap' }}>{textOf(n.values.note)}</span>
                  </Space>
                }
                description={
                  !open && (
                    <span>
                      {textOf(n.values.response)}
                      {by && ` — ${labels[by] ?? by}`}
                      {n.values.cleared_at ? ` · ${dayjs(String(n.values.cleared_at)).format('YYYY-MM-DD HH:mm')}` : ''}
                    </span>
                  )
                }
              />
            </List.Item>
          );
        }}
      />
      {canEdit && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea
            aria-label={t('auditProcess.note.add')}
            placeholder={t('auditProcess.note.placeholder')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={note}
            maxLength={4000}
            onChange={(e) => setNote(e.target.value)}
            data-testid="review-note-input"
          />
          <Button type="primary" loading={adding} disabled={!note.trim()} onClick={() => void add()} data-testid="review-note-add">
            {t('auditProcess.note.add')}
          </Button>
        </Space.Compact>
      )}
      <Modal
        open={!!clearing}
        title={t('auditProcess.note.clearTitle')}
        okText={t('auditProcess.note.clear')}
        okButtonProps={{ 'data-testid': 'review-note-clear-confirm' } as never}
        confirmLoading={busy}
        onOk={() => void clear()}
        onCancel={() => setClearing(null)}
        destroyOnClose
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{textOf(clearing?.values.note)}</Typography.Paragraph>
        <Form name="review-note-clear" form={form} layout="vertical" preserve={false}>
          <Form.Item name="response" label={t('auditProcess.note.response')} htmlFor="review-note-response">
            <Input.TextArea id="review-note-response" rows={3} maxLength={4000} data-testid="review-note-response" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default function WorkpaperDetail(props: WorkpaperDetailProps) {
  const { app, workpaper, engagementId, reviewNoteSubject, canEdit, isOwner, currentUserId, onRevised } = props;
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const id = workpaper.id;
  const status = textOf(workpaper.values.status);
  const actions = useQuery({
    queryKey: auditKeys.action('workpaperActions', app.slug, id),
    queryFn: ({ signal }) => getWorkpaperActions(app.slug, id, signal),
    retry: false,
  });
  const signoffs = useQuery({
    queryKey: auditKeys.action('signoffs', app.slug, id),
    queryFn: ({ signal }) => listSignoffs(app.slug, id, signal),
    retry: false,
  });
  const preparer = idOf(workpaper.values.prepared_by) ?? workpaper.createdBy;
  const revise = async () => {
    try {
      const next = await reviseWorkpaper(app.slug, id);
      message.success(t('auditProcess.workpaper.revised'));
      await refresh();
      onRevised(next.id);
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="workpaper-detail" data-status={status}>
      <Space wrap>
        <Tag color={REVIEW_COLORS[status]}>{label(status)}</Tag>
        <span>{t('auditProcess.workpaper.revisionN', { n: textOf(workpaper.values.revision) || '1' })}</span>
        {canEdit && (
          <GuardedActions
            options={actions.data?.actions}
            testIdPrefix="workpaper-action"
            onRun={async (action, comment) => {
              await transitionWorkpaper(app.slug, id, action, comment);
              await refresh();
            }}
          />
        )}
        {canEdit && status === 'approved' && (
          <Popconfirm title={t('auditProcess.workpaper.reviseConfirm')} onConfirm={() => void revise()}>
            <Button data-testid="workpaper-revise">{t('auditProcess.workpaper.revise')}</Button>
          </Popconfirm>
        )}
      </Space>
      {actions.isError && <Alert type="error" showIcon message={actions.error.message} />}
      {workpaper.values.content ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{textOf(workpaper.values.content).replace(/<[^>]+>/g, '')}</Typography.Paragraph>
      ) : null}

      <div>
        <Typography.Title level={5}>{t('auditProcess.signoff.title')}</Typography.Title>
        {signoffs.isError ? (
          <Alert type="error" showIcon message={signoffs.error.message} />
        ) : (
          <Descriptions size="small" column={1} bordered data-testid="workpaper-signoffs">
            {(signoffs.data ?? []).map((s) => (
              <Descriptions.Item key={`${s.role}-${s.at}`} label={label(s.role)}>
                {s.userLabel} · {dayjs(s.at).format('YYYY-MM-DD HH:mm')} · v{s.recordVersion}
                {s.comment ? ` — ${s.comment}` : ''}
              </Descriptions.Item>
            ))}
            {(signoffs.data ?? []).length === 0 && (
              <Descriptions.Item label={t('auditProcess.signoff.title')}>{t('auditProcess.signoff.none')}</Descriptions.Item>
            )}
          </Descriptions>
        )}
      </div>

      <div>
        <Typography.Title level={5}>{t('auditProcess.evidence.title')}</Typography.Title>
        <Evidence app={app.slug} id={id} canEdit={canEdit} locked={status === 'approved'} />
      </div>

      <div>
        <Typography.Title level={5}>{t('auditProcess.note.title')}</Typography.Title>
        <ReviewNotes
          app={app}
          workpaper={workpaper}
          engagementId={engagementId}
          subject={reviewNoteSubject}
          canEdit={canEdit}
          canClear={canEdit && (isOwner || !preparer || preparer === currentUserId)}
        />
      </div>
    </Space>
  );
}
