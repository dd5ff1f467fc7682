/**
 * The records module's door for the rules of a subject (docs/rules.md "One definition, two
 * evaluators"): every record write (create, update, bulk edit, version restore, and the triggers'
 * record actions through `checkRecordRules`) calls the check after its record is written, inside its
 * transaction, and the record's detail lists its unresolved incidents.
 *
 * The rules module sits above records (its engine compiles filters and reads record tables), so
 * records cannot import it without a cycle (docs/architecture.md "Arrows"). Instead the rules
 * module registers its check here when it loads (rules/subject-rules.ts `setRecordRules`); until
 * then (a script that loads records alone) writes check no rule and details list no incident.
 */
import type { RecordIncident, RecordRuleWarning } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { SubjectDef } from '../subjects/subject-def';

/** What the rules module offers the record writes. */
export interface RecordRules {
  /**
   * The subject's enabled rules on record `id` as written (`values`: the records API's values, after
   * formulas and auto numbers): refuses (throws HttpError 400 VALIDATION_FAILED naming
   * `values.<field>`) when a blocking rule fails, else opens the failing warnings' incidents and
   * resolves the others; `created` for a new record. @returns the failing warnings.
   */
  enforce(tx: Executor, subject: SubjectDef, id: string, values: Record<string, unknown>, created: boolean): Promise<RecordRuleWarning[]>;
  /** The unresolved incidents of record `id` (one indexed query), for its detail. */
  incidents(db: Executor, subject: SubjectDef, id: string): Promise<RecordIncident[]>;
}

let registered: RecordRules | undefined;

/** Registers (or replaces; undefined removes) the rules check: called once by the rules module at load. */
export function setRecordRules(rules: RecordRules | undefined): void {
  registered = rules;
}

/** The rules check of a written record (RecordRules.enforce); no warnings when no rules module is loaded. */
export function checkRecordRules(
  tx: Executor,
  subject: SubjectDef,
  id: string,
  values: Record<string, unknown>,
  created: boolean,
): Promise<RecordRuleWarning[]> {
  return registered ? registered.enforce(tx, subject, id, values, created) : Promise.resolve([]);
}

/** The record's unresolved incidents (RecordRules.incidents); none when no rules module is loaded. */
export function recordIncidents(db: Executor, subject: SubjectDef, id: string): Promise<RecordIncident[]> {
  return registered ? registered.incidents(db, subject, id) : Promise.resolve([]);
}
