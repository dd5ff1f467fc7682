/**
 * Rule sets: their API's rules (docs/rules-api.md, docs/rules.md "Rule sets and versions"). A set
 * belongs to one application; its draft is the row (rules of the application, and subjects of it or
 * the whole application); publishing copies the draft's rules, frozen, into the next version. Any
 * change to the draft after a publish marks it changed ("editing a published set makes a draft").
 * Writes are for administrators (the routes check); the list is also for members of the
 * application it is filtered by. Audited: rule_set.create / update / delete / publish.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type {
  CurrentUser,
  RuleSet,
  RuleSetInput,
  RuleSetListQuery,
  RuleSetPatch,
  RuleSetPublish,
  RuleSetVersion,
} from '../../../../contracts';
import { changedKeys, pick, sameIds, type AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { applications, rules, ruleSets, ruleSetVersions, subjects, type RuleSnapshot } from '../../db/schema';
import { HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import {
  findRuleSet,
  findVersionRow,
  listRuleSetRows,
  listVersionRows,
  ruleSetNameTaken,
  type RuleSetJoined,
} from './rules.repository';
import { readableApplication } from './rules.service';

const bad = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);
const setNotFound = () => notFound('errors.ruleSetNotFound');
const nameTaken = () =>
  new HttpError(409, 'CONFLICT', 'errors.ruleSetNameTaken', [{ field: 'name', messageKey: 'errors.ruleSetNameTaken' }]);

/** The API shape of a joined set row. */
function toRuleSet(r: RuleSetJoined): RuleSet {
  const { row } = r;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    application: r.application,
    applicationId: row.applicationId,
    applicationName: r.applicationName,
    ruleIds: row.ruleIds,
    subjectIds: row.subjectIds,
    wholeApplication: row.wholeApplication,
    publishedVersion: row.publishedVersion,
    draftChanged: row.draftChanged,
    ownerId: row.ownerId,
    ownerLabel: row.ownerLabel,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited view of a set: its draft. */
const auditView = (s: RuleSet) => ({
  name: s.name,
  description: s.description,
  application: s.application,
  ruleIds: [...s.ruleIds].sort(),
  subjectIds: [...s.subjectIds].sort(),
  wholeApplication: s.wholeApplication,
});

/** GET /rule-sets: one page, newest first. @throws as rules.service readableApplication. */
export async function listRuleSets(
  db: Executor,
  user: CurrentUser,
  q: RuleSetListQuery,
): Promise<{ items: RuleSet[]; total: number }> {
  const applicationId = await readableApplication(db, user, q.application);
  const { rows, total } = await listRuleSetRows(db, q, applicationId);
  return { items: rows.map(toRuleSet), total };
}

async function loadSet(db: Executor, id: string, lock = false): Promise<RuleSetJoined> {
  const r = await findRuleSet(db, id, lock);
  if (!r) throw setNotFound();
  return r;
}

/** GET /rule-sets/:id. @throws 404. */
export async function getRuleSet(db: Executor, id: string): Promise<RuleSet> {
  return toRuleSet(await loadSet(db, id));
}

/** The draft's rules and subjects checked against application `applicationId`. @throws 400 naming `rules` or `subjects`. */
async function checkDraft(db: Executor, applicationId: string, ruleIds: string[], subjectIds: string[]): Promise<void> {
  const ids = [...new Set(ruleIds)];
  if (ids.length > 0) {
    const found = await db
      .select({ id: rules.id })
      .from(rules)
      .where(and(inArray(rules.id, ids), eq(rules.applicationId, applicationId)));
    if (found.length !== ids.length) throw bad([{ field: 'rules', messageKey: 'errors.ruleSetRuleOutside' }]);
  }
  const sids = [...new Set(subjectIds)];
  if (sids.length > 0) {
    const found = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(inArray(subjects.id, sids), eq(subjects.applicationId, applicationId), isNull(subjects.deletedAt)));
    if (found.length !== sids.length) throw bad([{ field: 'subjects', messageKey: 'errors.ruleSetSubjectOutside' }]);
  }
}

/**
 * POST /rule-sets, audited `rule_set.create`; the owner is the creating administrator.
 * @throws 400 naming `application`, `rules` or `subjects`; 409 naming `name` (taken in the application).
 */
export async function createRuleSet(db: Database, input: RuleSetInput, audit: AuditWriter): Promise<RuleSet> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.slug, input.application), isNull(applications.deletedAt)))
      .limit(1);
    if (!a) throw bad([{ field: 'application', messageKey: 'errors.applicationNotFound' }]);
    await checkDraft(tx, a.id, input.ruleIds, input.subjectIds);
    if (await ruleSetNameTaken(tx, a.id, input.name, null)) throw nameTaken();
    const [row] = await tx
      .insert(ruleSets)
      .values({
        applicationId: a.id,
        name: input.name,
        description: input.description || null,
        ruleIds: [...new Set(input.ruleIds)],
        subjectIds: input.wholeApplication ? [] : [...new Set(input.subjectIds)],
        wholeApplication: input.wholeApplication,
        ownerId: audit.actor.id,
        ownerLabel: audit.actor.label,
      })
      .returning({ id: ruleSets.id });
    const set = toRuleSet(await loadSet(tx, row.id));
    await audit.record(tx, { action: 'rule_set.create', targetType: 'rule_set', targetId: row.id, after: auditView(set) });
    return set;
  });
}

/**
 * PATCH /rule-sets/:id, audited `rule_set.update` (a no-op writes nothing: `unchanged`); any change
 * marks the draft changed.
 * @throws 404; 409 STALE_VERSION (conflict.current); 400 naming `rules` or `subjects`; 409 naming `name`.
 */
export async function updateRuleSet(db: Database, id: string, patch: RuleSetPatch, audit: AuditWriter): Promise<RuleSet> {
  return db.transaction(async (tx) => {
    const joined = await loadSet(tx, id, true);
    const current = toRuleSet(joined);
    if (patch.version !== current.version)
      throw new HttpError(409, 'STALE_VERSION', 'errors.ruleSetStale', undefined, {
        conflict: { current } as unknown as Record<string, unknown>,
      });
    const wholeApplication = patch.wholeApplication ?? current.wholeApplication;
    const wanted = {
      name: patch.name,
      description: patch.description === undefined ? undefined : patch.description || null,
      ruleIds: patch.ruleIds ? [...new Set(patch.ruleIds)] : undefined,
      subjectIds: wholeApplication ? [] : patch.subjectIds ? [...new Set(patch.subjectIds)] : undefined,
      wholeApplication: patch.wholeApplication,
    };
    let keys = changedKeys(current, wanted);
    // id lists are sets: the same ids in another order change nothing
    keys = keys.filter((k) => !((k === 'ruleIds' || k === 'subjectIds') && sameIds(current[k], wanted[k] ?? [])));
    if (keys.length === 0) {
      audit.unchanged();
      return current;
    }
    await checkDraft(tx, current.applicationId, wanted.ruleIds ?? [], wanted.subjectIds ?? []);
    if (
      wanted.name !== undefined &&
      keys.includes('name') &&
      (await ruleSetNameTaken(tx, current.applicationId, wanted.name, id))
    )
      throw nameTaken();
    await tx
      .update(ruleSets)
      .set({ ...pick(wanted, keys), draftChanged: true, version: current.version + 1, updatedAt: new Date() })
      .where(eq(ruleSets.id, id));
    const after = toRuleSet(await loadSet(tx, id));
    const before = auditView(current);
    const now = auditView(after);
    await audit.record(tx, {
      action: 'rule_set.update',
      targetType: 'rule_set',
      targetId: id,
      before: pick(before, keys),
      after: pick(now, keys),
      details: { changed: keys },
    });
    return after;
  });
}

/** DELETE /rule-sets/:id (hard; its versions go with it), audited `rule_set.delete`. @throws 404. */
export async function deleteRuleSet(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const before = toRuleSet(await loadSet(tx, id, true));
    await tx.delete(ruleSets).where(eq(ruleSets.id, id));
    await audit.record(tx, {
      action: 'rule_set.delete',
      targetType: 'rule_set',
      targetId: id,
      before: { ...auditView(before), publishedVersion: before.publishedVersion },
    });
  });
}

/** The API shape of a version row (`withRules` false: the list's shape, rules left out). */
function toVersion(row: typeof ruleSetVersions.$inferSelect, withRules: boolean): RuleSetVersion {
  return {
    version: row.version,
    ruleCount: row.rules.length,
    rules: withRules ? row.rules : [],
    subjectIds: row.subjectIds,
    wholeApplication: row.wholeApplication,
    note: row.note,
    publishedAt: row.publishedAt.toISOString(),
    publishedLabel: row.publishedLabel,
  };
}

/**
 * POST /rule-sets/:id/publish, audited `rule_set.publish`: the draft's rules (as they are now,
 * in the draft's order) copied into the next version with its assignment; the draft is then
 * unchanged from it. Publishing an unchanged draft makes a new version all the same.
 * @throws 404.
 * @returns the new version with its rules.
 */
export async function publishRuleSet(
  db: Database,
  id: string,
  input: RuleSetPublish,
  audit: AuditWriter,
): Promise<RuleSetVersion> {
  return db.transaction(async (tx) => {
    const { row } = await loadSet(tx, id, true);
    const found = row.ruleIds.length > 0 ? await tx.select().from(rules).where(inArray(rules.id, row.ruleIds)) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const snapshot: RuleSnapshot[] = row.ruleIds.flatMap((rid) => {
      const r = byId.get(rid);
      return r
        ? [
            {
              id: r.id,
              subjectId: r.subjectId,
              name: r.name,
              definition: r.definition,
              severity: r.severity,
              messageZh: r.messageZh,
              messageEn: r.messageEn,
            },
          ]
        : [];
    });
    const next = row.publishedVersion + 1;
    const [version] = await tx
      .insert(ruleSetVersions)
      .values({
        ruleSetId: id,
        version: next,
        rules: snapshot,
        subjectIds: row.subjectIds,
        wholeApplication: row.wholeApplication,
        note: input.note || null,
        publishedBy: audit.actor.id,
        publishedLabel: audit.actor.label,
      })
      .returning();
    await tx
      .update(ruleSets)
      .set({ publishedVersion: next, draftChanged: false, version: row.version + 1, updatedAt: new Date() })
      .where(eq(ruleSets.id, id));
    await audit.record(tx, {
      action: 'rule_set.publish',
      targetType: 'rule_set',
      targetId: id,
      before: { publishedVersion: row.publishedVersion },
      after: { publishedVersion: next },
      details: { rules: snapshot.length, note: input.note || null },
    });
    return toVersion(version, true);
  });
}

/** GET /rule-sets/:id/versions: newest first, without their rules (`ruleCount`). @throws 404. */
export async function listRuleSetVersions(
  db: Executor,
  id: string,
  current: number,
  pageSize: number,
): Promise<{ items: RuleSetVersion[]; total: number }> {
  await loadSet(db, id);
  const { rows, total } = await listVersionRows(db, id, current, pageSize);
  return { items: rows.map((r) => toVersion(r, false)), total };
}

/** GET /rule-sets/:id/versions/:version: one version with its frozen rules. @throws 404 (set or version). */
export async function getRuleSetVersion(db: Executor, id: string, version: number): Promise<RuleSetVersion> {
  await loadSet(db, id);
  const row = await findVersionRow(db, id, version);
  if (!row) throw notFound('errors.ruleSetVersionNotFound');
  return toVersion(row, true);
}
