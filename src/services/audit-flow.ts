/**
 * The audit flow API (docs/engagements-flow.md; docs/engagements.md): an engagement's phase actions,
 * transitions and progress; procedures (start, sample, conclude); findings (raise, actions,
 * transitions). Every call rejects with the server's envelope (ApiError, skipErrorHandler): a
 * refused guarded action is 409 `TRANSITION_REFUSED` whose `details` name each failing gate.
 */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { FilterGroup, RecordItem } from '../../contracts/records';
import { auditPath as auditBase } from './audit-model';

const enc = encodeURIComponent;

/** One guarded state change (engagement phase, workpaper/report review state, finding state). */
export interface Transition {
  id: string;
  object: string;
  recordId: string;
  action: string;
  from: string | null;
  to: string;
  actorId: string | null;
  actorLabel: string;
  comment: string | null;
  at: string;
}

/** An action possible from the current state: `allowed` for the caller now, else `reasons` (translated gates). */
export interface ActionOption {
  action: string;
  to: string;
  allowed: boolean;
  reasons: string[];
}

/** GET …/engagements/:id/progress. Hours are decimal hours. */
export interface EngagementProgress {
  phase: string;
  procedures: { total: number; done: number; byStatus: Record<string, number> };
  findings: { total: number; open: number; bySeverity: Record<string, number>; overdue: number };
  workpapers: { total: number; byStatus: Record<string, number> };
  reviewNotes: { open: number };
  hours: { budget: number | null; spent: number; byPerson: { userId: string; name: string; hours: number }[] };
}

/** A drawn sample: the population's size, the generator (name and version) and seed that redraw it, the selected records. */
export interface Sample {
  id: string;
  procedureId: string;
  populationSubject: string;
  populationCount: number;
  selection: string;
  generator: string;
  seed: string;
  size: number;
  selectedIds: string[];
  selected: { id: string; label: string }[];
  drawnByLabel: string;
  drawnAt: string;
}

/** POST …/procedures/:id/sample body. `recordIds` only for a judgmental selection. */
export interface SampleRequest {
  populationSubject: string;
  filter?: FilterGroup;
  size: number;
  selection: 'random' | 'systematic' | 'judgmental';
  seed?: string;
  recordIds?: string[];
}

/** The finding a procedure concluded `ineffective` proposes (not created yet). */
export interface ProposedFinding {
  title: string;
  engagement: string;
  procedure: string;
  kind: string;
  severity: string;
  condition: string;
}

/** POST /findings body. */
export interface FindingCreate {
  engagementId: string;
  procedureId?: string;
  title: string;
  kind: string;
  severity: string;
  condition?: string;
  criteria?: string;
  cause?: string;
  effect?: string;
  recommendation?: string;
  owner?: string;
}

const post = async <T>(url: string, data?: unknown): Promise<T> =>
  (await request<Ok<T>>(url, { method: 'POST', data: data ?? {}, skipErrorHandler: true })).data;
const get = async <T>(url: string, signal?: AbortSignal): Promise<T> =>
  (await request<Ok<T>>(url, { method: 'GET', signal, skipErrorHandler: true })).data;

const engagement = (app: string, id: string) => `${auditBase(app)}/engagements/${enc(id)}`;
const procedure = (app: string, id: string) => `${auditBase(app)}/procedures/${enc(id)}`;
const finding = (app: string, id: string) => `${auditBase(app)}/findings/${enc(id)}`;

/** GET …/engagements/:id/actions → the phase and every action from it (read). */
export const getEngagementActions = (app: string, id: string, signal?: AbortSignal) =>
  get<{ phase: string; actions: ActionOption[] }>(`${engagement(app, id)}/actions`, signal);

/** POST …/engagements/:id/transition (write); 409 TRANSITION_REFUSED; 400 naming `comment` for a reject without one. */
export const transitionEngagement = (app: string, id: string, action: string, comment?: string) =>
  post<{ phase: string; transition: Transition }>(`${engagement(app, id)}/transition`, { action, comment: comment || undefined });

/** GET …/engagements/:id/transitions → newest first. */
export const listEngagementTransitions = (app: string, id: string, signal?: AbortSignal) =>
  get<Transition[]>(`${engagement(app, id)}/transitions`, signal);

/** GET …/engagements/:id/progress. */
export const getEngagementProgress = (app: string, id: string, signal?: AbortSignal) =>
  get<EngagementProgress>(`${engagement(app, id)}/progress`, signal);

/** POST …/procedures/:id/start → the procedure record (open → in_progress). */
export const startProcedure = (app: string, id: string) => post<RecordItem>(`${procedure(app, id)}/start`);

/** POST …/procedures/:id/sample → the drawn Sample; 400 names `size`, `populationSubject`… */
export const drawSample = (app: string, id: string, body: SampleRequest) => post<Sample>(`${procedure(app, id)}/sample`, body);

/** GET …/procedures/:id/samples → newest first. */
export const listSamples = (app: string, id: string, signal?: AbortSignal) => get<Sample[]>(`${procedure(app, id)}/samples`, signal);

/** POST …/procedures/:id/conclude → the procedure, and the proposed finding of an `ineffective` conclusion. */
export const concludeProcedure = (app: string, id: string, conclusion: string, note?: string) =>
  post<{ procedure: RecordItem; proposedFinding?: ProposedFinding }>(`${procedure(app, id)}/conclude`, {
    conclusion,
    note: note || undefined,
  });

/** POST /findings → the finding record (raised today, due by the severity's SLA, open). */
export const raiseFinding = (app: string, body: FindingCreate) => post<RecordItem>(`${auditBase(app)}/findings`, body);

/** GET …/findings/:id/actions. */
export const getFindingActions = (app: string, id: string, signal?: AbortSignal) =>
  get<{ status: string; actions: ActionOption[] }>(`${finding(app, id)}/actions`, signal);

/** POST …/findings/:id/transition (start_remediation | request_retest). */
export const transitionFinding = (app: string, id: string, action: string, comment?: string) =>
  post<{ status: string; transition: Transition; retestProcedureId?: string }>(`${finding(app, id)}/transition`, {
    action,
    comment: comment || undefined,
  });
