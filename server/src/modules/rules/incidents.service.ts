/**
 * Incidents (docs/rule-runs.md "Incidents"): one per failing (record, rule) pair, opened by runs
 * and by writes failing a warning rule (subject-rules.ts), resolved by a later run or write after
 * which the rule passes. People move them: acknowledge (open → acknowledged; editors+), waive
 * (open or acknowledged → waived, with a reason and an expiry at most WAIVER_MAX_DAYS ahead; owners
 * and administrators), reopen (acknowledged, waived or resolved → open; owners and administrators).
 * A move from the wrong state is 409 errors.incidentTransition. Each move is audited
 * (`incident.acknowledge`, `incident.waive`, `incident.reopen`).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser, Incident, IncidentListQuery, IncidentState, IncidentWaive, Locale } from '../../../../contracts';
import { ruleDefinitionSchema, WAIVER_MAX_DAYS } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { ruleIncidents, rules, subjects } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { displayValuesOf } from '../records/list';
import { loadSubjectDef, type SubjectDef, type SubjectNeed } from '../subjects/subject-def';
import { requireAppById, requireAppSubject } from './rule-runs.service';
import { formatRuleMessage, ruleField, ruleLimit } from './subject-rules';

type IncidentRow = typeof ruleIncidents.$inferSelect;
interface Joined {
  incident: IncidentRow;
  subject: string;
  subjectName: string;
  ruleName: string;
  ruleDefinition: unknown;
  messageZh: string;
  messageEn: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Incidents matching `where` with their subject, rule, record label and message in `locale`. */
async function selectIncidents(db: Executor, where: SQL | undefined, locale: Locale, limit = 1, offset = 0): Promise<Incident[]> {
  const rows: Joined[] = await db
    .select({
      incident: ruleIncidents,
      subject: subjects.key,
      subjectName: subjects.name,
      ruleName: rules.name,
      ruleDefinition: rules.definition,
      messageZh: rules.messageZh,
      messageEn: rules.messageEn,
    })
    .from(ruleIncidents)
    .innerJoin(subjects, eq(subjects.id, ruleIncidents.subjectId))
    .innerJoin(rules, eq(rules.id, ruleIncidents.ruleId))
    .where(where)
    .orderBy(desc(ruleIncidents.lastSeenAt), desc(ruleIncidents.id))
    .limit(limit)
    .offset(offset);
  const defs = new Map<string, SubjectDef | undefined>();
  const labels: Record<string, string> = {};
  for (const subjectId of new Set(rows.map((r) => r.incident.subjectId))) {
    const def = await loadSubjectDef(db, { id: subjectId });
    defs.set(subjectId, def);
    if (def) Object.assign(labels, await displayValuesOf(db, def, rows.filter((r) => r.incident.subjectId === subjectId).map((r) => r.incident.recordId)));
  }
  return rows.map((r) => {
    const i = r.incident;
    const def = ruleDefinitionSchema.safeParse(r.ruleDefinition);
    const key = def.success ? ruleField(def.data) : null;
    const field = key ? (defs.get(i.subjectId)?.fields.find((f) => f.key === key)?.name ?? key) : '';
    const message = formatRuleMessage(locale === 'en-US' ? r.messageEn : r.messageZh, {
      field,
      value: i.value ?? '',
      limit: def.success ? ruleLimit(def.data) : '',
    });
    return {
      id: i.id,
      subject: r.subject,
      subjectName: r.subjectName,
      ruleId: i.ruleId,
      ruleName: r.ruleName,
      recordId: i.recordId,
      recordLabel: labels[i.recordId] ?? i.recordId,
      state: i.state,
      severity: i.severity,
      value: i.value,
      message,
      lastRunId: i.lastRunId,
      firstSeenAt: i.firstSeenAt.toISOString(),
      lastSeenAt: i.lastSeenAt.toISOString(),
      acknowledgedAt: iso(i.acknowledgedAt),
      acknowledgedBy: i.acknowledgedBy,
      waiverReason: i.waiverReason,
      waiverExpiresAt: iso(i.waiverExpiresAt),
      waivedBy: i.waivedBy,
      resolvedAt: iso(i.resolvedAt),
    };
  });
}

/** GET /incidents: an application's incidents (subject, record, rule, state), last seen first. @throws 404; 403. */
export async function listIncidents(db: Database, user: CurrentUser, q: IncidentListQuery, locale: Locale): Promise<{ items: Incident[]; total: number }> {
  const { applicationId, subject } = await requireAppSubject(db, user, q.application, q.subject, 'read');
  const where = and(
    eq(ruleIncidents.applicationId, applicationId),
    subject ? eq(ruleIncidents.subjectId, subject.id) : undefined,
    q.record ? eq(ruleIncidents.recordId, q.record) : undefined,
    q.rule ? eq(ruleIncidents.ruleId, q.rule) : undefined,
    q.state ? eq(ruleIncidents.state, q.state) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(ruleIncidents).where(where);
  return { items: await selectIncidents(db, where, locale, q.pageSize, (q.current - 1) * q.pageSize), total: n };
}

/** The moves: who may make them and from which states. */
const MOVES = {
  acknowledge: { need: 'write', from: ['open'] },
  waive: { need: 'manage', from: ['open', 'acknowledged'] },
  reopen: { need: 'manage', from: ['acknowledged', 'waived', 'resolved'] },
} as const satisfies Record<string, { need: SubjectNeed; from: readonly IncidentState[] }>;
export type IncidentMove = keyof typeof MOVES;

/**
 * POST /incidents/:id/acknowledge | waive | reopen (see the file's comment), audited
 * `incident.<move>`. @throws 404 errors.incidentNotFound; 403; 409 errors.incidentTransition from
 * a wrong state; 400 naming `expiresAt` (waive: in the past, or beyond WAIVER_MAX_DAYS).
 */
export async function moveIncident(
  db: Database,
  user: CurrentUser,
  id: string,
  move: IncidentMove,
  audit: AuditWriter,
  locale: Locale,
  waiver?: IncidentWaive,
): Promise<Incident> {
  const [found] = await db.select().from(ruleIncidents).where(eq(ruleIncidents.id, id));
  if (!found) throw notFound('errors.incidentNotFound');
  await requireAppById(db, user, found.applicationId, MOVES[move].need);
  let expires: Date | null = null;
  if (move === 'waive') {
    expires = new Date(waiver!.expiresAt);
    const now = Date.now();
    if (!(expires.getTime() > now) || expires.getTime() > now + WAIVER_MAX_DAYS * 86_400_000)
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'expiresAt', messageKey: 'errors.validation' }]);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ruleIncidents).where(eq(ruleIncidents.id, id)).for('update');
    if (!row || !(MOVES[move].from as readonly string[]).includes(row.state)) throw new HttpError(409, 'CONFLICT', 'errors.incidentTransition');
    const now = new Date();
    const set: Partial<IncidentRow> =
      move === 'acknowledge'
        ? { state: 'acknowledged', acknowledgedAt: now, acknowledgedBy: audit.actor.label }
        : move === 'waive'
          ? { state: 'waived', waiverReason: waiver!.reason, waiverExpiresAt: expires, waivedBy: audit.actor.label }
          : { state: 'open', resolvedAt: null, waiverReason: null, waiverExpiresAt: null, waivedBy: null };
    await tx
      .update(ruleIncidents)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(ruleIncidents.id, id));
    await audit.record(tx, {
      action: `incident.${move}`,
      targetType: 'incident',
      targetId: id,
      before: { state: row.state },
      after: move === 'waive' ? { state: 'waived', reason: waiver!.reason, expiresAt: expires!.toISOString() } : { state: set.state },
    });
  });
  const [incident] = await selectIncidents(db, eq(ruleIncidents.id, id), locale);
  return incident!;
}
