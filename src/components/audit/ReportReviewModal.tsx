/**
 * A report's review (docs/engagements-papers.md: GET …/reports/:id/actions, POST …/transition): the
 * current status, every action possible from it — disabled, with the translated reasons, when a
 * gate refuses it now — and a comment (required to reject). Each action asks for confirmation; a
 * 409 TRANSITION_REFUSED shows each failing gate's message.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Space, Spin, Tag, Typography, message } from 'antd';
import React, { useId, useState } from 'react';
import { getReportActions, transitionReport, type AuditReport } from '../../services/audit-reports';
import { ApiError } from '../../services/api-error';
import { useT } from '../useT';
import { ReportStatus } from './ReportBits';

export default function ReportReviewModal({
  app,
  report,
  onClose,
  onDone,
}: {
  app: string;
  report: AuditReport;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const actions = useQuery({
    queryKey: ['audit-reports', 'actions', app, report.id],
    queryFn: ({ signal }) => getReportActions(app, report.id, signal),
    retry: false,
  });
  const run = async (action: string) => {
    setBusy(action);
    setRefused([]);
    try {
      const res = await transitionReport(app, report.id, { action, comment: comment.trim() || undefined });
      message.success(t('auditReports.review.done', { status: t(`auditReports.status.${res.status}`) }));
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.details.length > 0) setRefused(e.details.map((d) => d.message));
      else message.error(e instanceof Error ? e.message : String(e));
      void actions.refetch();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal open title={t('auditReports.review.title', { title: report.title })} onCancel={onClose} footer={null} destroyOnHidden>
      {actions.isLoading ? (
        <Spin />
      ) : actions.error ? (
        <Alert type="error" showIcon message={(actions.error as Error).message} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="report-review">
          <Space>
            <Typography.Text type="secondary">{t('auditReports.review.status')}</Typography.Text>
            <ReportStatus status={actions.data?.status ?? report.status} />
          </Space>
          <label htmlFor={commentId}>
            {t('auditReports.review.comment')} <Typography.Text type="secondary">({t('auditReports.review.commentHint')})</Typography.Text>
          </label>
          <Input.TextArea id={commentId} rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
          {refused.length > 0 ? <Alert type="error" showIcon message={refused.map((r) => <div key={r}>{r}</div>)} /> : null}
          {actions.data && actions.data.actions.length === 0 ? <Typography.Text>{t('auditReports.review.none')}</Typography.Text> : null}
          <Space wrap>
            {actions.data?.actions.map((a) => (
              <Space key={a.action} direction="vertical" size={2}>
                <Popconfirm
                  title={t('auditReports.review.confirm', { action: t(`auditReports.action.${a.action}`) })}
                  onConfirm={() => run(a.action)}
                  disabled={!a.allowed}
                >
                  <Button
                    type={a.action === 'approve' ? 'primary' : 'default'}
                    danger={a.action === 'reject'}
                    disabled={!a.allowed}
                    loading={busy === a.action}
                  >
                    {t(`auditReports.action.${a.action}`)} <Tag style={{ marginInlineStart: 6 }}>{t(`auditReports.status.${a.to}`)}</Tag>
                  </Button>
                </Popconfirm>
                {a.reasons.map((r) => (
                  <Typography.Text key={r} type="secondary" style={{ fontSize: 12 }}>
                    {r}
                  </Typography.Text>
                ))}
              </Space>
            ))}
          </Space>
        </Space>
      )}
    </Modal>
  );
}
