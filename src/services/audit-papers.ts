/**
 * The audit papers API (docs/engagements-papers.md; docs/engagements.md):
 * workpapers (create, review actions and sign-offs, revise), their evidence (documents of the
 * application's evidence store) and clearing review notes. Every call rejects with the server's
 * envelope (ApiError, skipErrorHandler): 409 TRANSITION_REFUSED names the failing gates, 409
 * RECORD_LOCKED a change to an approved workpaper.
 */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { RecordItem } from '../../contracts/records';
import type { ActionOption, Transition } from './audit-flow';
import { auditPath as auditBase } from './audit-model';

const enc = encodeURIComponent;

/** A sign-off given on a workpaper: the record version it signed. */
export interface Signoff {
  role: string;
  userId: string;
  userLabel: string;
  recordVersion: number;
  at: string;
  comment: string | null;
}

/** A document attached to a workpaper; `versionId`/`versionNumber` are pinned (and `lockedAt` set) on approval. */
export interface Evidence {
  documentId: string;
  name: string;
  versionId: string | null;
  versionNumber: number | null;
  attachedByLabel: string;
  attachedAt: string;
  lockedAt: string | null;
}

const post = async <T>(url: string, data?: unknown): Promise<T> =>
  (await request<Ok<T>>(url, { method: 'POST', data: data ?? {}, skipErrorHandler: true })).data;
const get = async <T>(url: string, signal?: AbortSignal): Promise<T> =>
  (await request<Ok<T>>(url, { method: 'GET', signal, skipErrorHandler: true })).data;
const workpaper = (app: string, id: string) => `${auditBase(app)}/workpapers/${enc(id)}`;

/** POST /workpapers → the workpaper record (WP-00n of the engagement, draft, revision 1). */
export const createWorkpaper = (app: string, body: { engagementId: string; procedureId?: string; title: string; content?: string }) =>
  post<RecordItem>(`${auditBase(app)}/workpapers`, body);

/** GET …/workpapers/:id/actions. */
export const getWorkpaperActions = (app: string, id: string, signal?: AbortSignal) =>
  get<{ status: string; actions: ActionOption[] }>(`${workpaper(app, id)}/actions`, signal);

/** POST …/workpapers/:id/transition (submit | review | approve | reject | reopen). */
export const transitionWorkpaper = (app: string, id: string, action: string, comment?: string) =>
  post<{ status: string; transition: Transition; signoff?: Signoff }>(`${workpaper(app, id)}/transition`, {
    action,
    comment: comment || undefined,
  });

/** GET …/workpapers/:id/signoffs, in the order given. */
export const listSignoffs = (app: string, id: string, signal?: AbortSignal) => get<Signoff[]>(`${workpaper(app, id)}/signoffs`, signal);

/** POST …/workpapers/:id/revise → the new draft (same number, revision + 1). */
export const reviseWorkpaper = (app: string, id: string) => post<RecordItem>(`${workpaper(app, id)}/revise`);

/** GET …/workpapers/:id/evidence. */
export const listEvidence = (app: string, id: string, signal?: AbortSignal) => get<Evidence[]>(`${workpaper(app, id)}/evidence`, signal);

/** POST …/workpapers/:id/evidence { documentId }. */
export const attachEvidence = (app: string, id: string, documentId: string) => post<unknown>(`${workpaper(app, id)}/evidence`, { documentId });

/** DELETE …/workpapers/:id/evidence/:documentId; 409 RECORD_LOCKED once approved. */
export async function detachEvidence(app: string, id: string, documentId: string): Promise<void> {
  await request(`${workpaper(app, id)}/evidence/${enc(documentId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** POST /review-notes/:id/clear { response } → the review note record (cleared); only the preparer or an owner. */
export const clearReviewNote = (app: string, id: string, response?: string) =>
  post<RecordItem>(`${auditBase(app)}/review-notes/${enc(id)}/clear`, { response: response || undefined });
