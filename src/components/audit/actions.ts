/**
 * Pure logic of the audit process page (src/pages/workspace/audit_process): which buttons the
 * guarded actions of an engagement, finding or workpaper become, which need a comment, where a
 * phase sits in the Steps, when a finding is overdue, and the records filter of one engagement.
 * Rules from docs/engagements.md and docs/engagements-flow.md, docs/engagements-papers.md.
 */
import dayjs from 'dayjs';
import { ENGAGEMENT_PHASES } from '../../../contracts/engagements.constants';
import type { FilterGroup } from '../../../contracts/records';
import type { ActionOption } from '../../services/audit-flow';

/** A button for a guarded action: enabled when allowed, else disabled with the failing gates as its tooltip. */
export interface ActionButtonSpec {
  action: string;
  to: string;
  disabled: boolean;
  /** The translated reasons it is blocked, joined by line; '' when allowed. */
  tooltip: string;
  /** Drawn as a danger button (reject). */
  danger: boolean;
  /** Drawn as the primary button (the first allowed forward action). */
  primary: boolean;
}

/** Actions whose comment is required (the server answers 400 naming `comment` otherwise). */
const COMMENT_REQUIRED = new Set(['reject']);
/** Actions that go backwards or refuse: never the primary button. */
const BACKWARD = new Set(['reject', 'reopen', 'reopen_fieldwork']);

/** Whether `action` requires a comment (reject). */
export const commentRequired = (action: string): boolean => COMMENT_REQUIRED.has(action);

/**
 * The buttons of `options` (GET …/actions): an allowed action is an enabled button; a blocked one
 * with reasons is disabled with the reasons in its tooltip; a blocked one without reasons (the
 * caller's role cannot take it at all) is hidden. The first allowed forward action is primary.
 */
export function actionButtons(options: readonly ActionOption[]): ActionButtonSpec[] {
  let primaryGiven = false;
  return options
    .filter((o) => o.allowed || o.reasons.length > 0)
    .map((o) => {
      const primary = o.allowed && !primaryGiven && !BACKWARD.has(o.action);
      if (primary) primaryGiven = true;
      return {
        action: o.action,
        to: o.to,
        disabled: !o.allowed,
        tooltip: o.allowed ? '' : o.reasons.join('\n'),
        danger: o.action === 'reject',
        primary,
      };
    });
}

/** The Steps index of an engagement phase (scope 0 … closed 5); -1 for an unknown phase. */
export const phaseIndex = (phase: string | null | undefined): number =>
  (ENGAGEMENT_PHASES as readonly string[]).indexOf(phase ?? '');

/** A finding is overdue when it is not closed and its due date ('YYYY-MM-DD') is before `today`. */
export function isOverdue(dueDate: unknown, status: unknown, today: string = dayjs().format('YYYY-MM-DD')): boolean {
  if (typeof dueDate !== 'string' || !dueDate || status === 'closed') return false;
  return dueDate.slice(0, 10) < today;
}

/** The records filter of one engagement's procedures, findings, workpapers…: `engagement = id`. */
export const engagementFilter = (engagementId: string): FilterGroup => ({
  op: 'and',
  items: [{ field: 'engagement', op: 'eq', value: engagementId }],
});

/** The records filter of one field equal to `value` (a workpaper's review notes: `workpaper = id`). */
export const fieldFilter = (field: string, value: string): FilterGroup => ({ op: 'and', items: [{ field, op: 'eq', value }] });

/** A record value as text ('' for empty); the id of a one-record relation or user field is text too. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (typeof value === 'object') return String((value as { id?: unknown }).id ?? '');
  return String(value);
}

/** The id a relation or user value holds (a string, `{ id }` or the first of a list), or null. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (Array.isArray(value)) return value.length > 0 ? idOf(value[0]) : null;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/** Share of the procedures done, 0–100 (0 for none). */
export const donePercent = (done: number, total: number): number => (total > 0 ? Math.round((done / total) * 100) : 0);
