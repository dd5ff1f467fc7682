/** Small pieces of the audit report pages: a report's review status and its render state as tags. */
import { Tag } from 'antd';
import React from 'react';
import { useT } from '../useT';

const STATUS_COLOR: Record<string, string> = { draft: 'default', pending_review: 'gold', reviewed: 'blue', approved: 'green', rejected: 'red' };
const RENDER_COLOR: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** A report's review status (draft, pending_review, reviewed, approved, rejected), translated. */
export function ReportStatus({ status }: { status: string }) {
  const t = useT();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`auditReports.status.${status}`)}</Tag>;
}

/** The latest render's state, or "not rendered". */
export function ReportRenderState({ state }: { state: string | null }) {
  const t = useT();
  return <Tag color={state ? (RENDER_COLOR[state] ?? 'default') : 'default'}>{t(`auditReports.render.${state ?? 'none'}`)}</Tag>;
}
