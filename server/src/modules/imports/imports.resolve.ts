/**
 * Names in cells of user and relation fields → ids, for the dry run (imports.check.ts). An
 * auditor's spreadsheet names an owner by e-mail or name and a related record by what the grid
 * shows of it (a client's name or code); the record API takes ids. After coercion, every item of
 * such a cell (a many-relation's list is split on , ; by imports.coerce.ts; a user or a single
 * relation is one item) is:
 * - an id (a uuid): left as it is, for `validateValues` (subjects/values.ts) to check as before;
 * - user fields: a live user's e-mail (case-insensitive), else the display name (trimmed,
 *   case-insensitive) of exactly one live user. The users a user field may hold are those
 *   `validateValues` accepts: every user not deleted (no membership of the application is
 *   asked there, so none here). An e-mail wins over someone else's name.
 * - relation fields (one or many): the display field value (`SubjectDef.displayFieldId`) of
 *   exactly one live record (subjects/live-rows.ts) of the target subject, in the subject's own
 *   application: text trimmed and case-insensitive, numbers as numbers ('1,234.50' = 1234.5),
 *   dates and datetimes after the import's coercion of those types.
 * A name nobody has and a name several have are errors of the row naming the column
 * (errors.import.userUnknown / userAmbiguous / relationUnknown / relationAmbiguous).
 *
 * Set-based (100,000 rows): `NameResolver.load` takes the distinct names of one chunk
 * and asks one query for all user columns and one per relation column; a name resolved in an
 * earlier chunk of the same check is not asked again.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MessageKey } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { ident } from '../subjects/ddl';
import { liveRows } from '../subjects/live-rows';
import { loadSubjectDef, type FieldDef, type SubjectDef } from '../subjects/subject-def';
import { isoOf, kindOf, parseDateTime } from '../subjects/values';
import { coerceCell, keyText } from './imports.coerce';
import { uuidOrNull } from '../../lib/uuid';

/** Field types whose cells may name users or records instead of giving their ids. */
export const takesNames = (field: Pick<FieldDef, 'type'>): boolean => field.type === 'user' || field.type === 'relation';

/** True when `item` is an id (a uuid as parseUuid reads it: spaces around allowed), which is never resolved as a name. */
export function isId(item: string): boolean {
  return uuidOrNull(item) !== null;
}

/**
 * How a relation target's display value is compared with a name: `expr` the value of row `t`
 * as comparable text, `keyExpr` of the name parameter `n.k`, `canon` the name as that parameter
 * (null: it cannot be such a value, it names nothing).
 */
interface DisplayMatch {
  expr: SQL;
  keyExpr: SQL;
  canon: (name: string) => string | null;
}

const N_K = sql.raw('n.k');

function displayMatchOf(display: FieldDef): DisplayMatch | null {
  if (!display.column) return null;
  const col = sql.raw(`t.${ident(display.column)}`);
  const coerced = (name: string): string | null => {
    try {
      const v = coerceCell(display, name);
      return v === null ? null : String(v);
    } catch {
      return null;
    }
  };
  switch (kindOf(display)) {
    case 'number':
      // numeric text keeps its scale ('1.50'): both sides without trailing fraction zeros
      return {
        expr: sql`trim_scale(${col})::text`,
        keyExpr: N_K,
        canon: (name) => {
          const v = coerced(name);
          return v === null ? null : keyText(display, v);
        },
      };
    case 'date':
      return {
        expr: sql`${col}::text`,
        keyExpr: N_K,
        canon: (name) => {
          const v = coerced(name);
          return v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
        },
      };
    case 'datetime':
      return {
        expr: isoOf(col),
        keyExpr: N_K,
        canon: (name) => {
          try {
            return parseDateTime(coerced(name));
          } catch {
            return null;
          }
        },
      };
    case 'boolean':
      return { expr: sql`${col}::text`, keyExpr: N_K, canon: coerced };
    default: {
      // text: compared trimmed and case-insensitive, lower-cased by the database on both sides
      return { expr: sql`lower(btrim(${col}))`, keyExpr: sql`lower(${N_K})`, canon: (name) => name.trim() || null };
    }
  }
}

/** The ids a name gives: none (unknown), one (resolved) or several (ambiguous). */
export type NameIds = readonly string[];

/**
 * The error of an item that names no one or several (null when it names exactly one); `target`
 * is the relation's target subject name (messages: "No Client record is called …").
 */
export function nameError(field: FieldDef, target: string, item: string, ids: NameIds): { messageKey: MessageKey; params: Record<string, string | number> } | null {
  if (ids.length === 1) return null;
  if (field.type === 'user') {
    return ids.length === 0
      ? { messageKey: 'errors.import.userUnknown', params: { value: item } }
      : { messageKey: 'errors.import.userAmbiguous', params: { value: item, n: ids.length } };
  }
  return ids.length === 0
    ? { messageKey: 'errors.import.relationUnknown', params: { value: item, subject: target } }
    : { messageKey: 'errors.import.relationAmbiguous', params: { value: item, subject: target, n: ids.length } };
}

/**
 * Resolves names of one check, chunk by chunk (module comment). `load` the chunk's names first,
 * then `idsOf` each item.
 */
export class NameResolver {
  /** 'user' or a relation field's key → canonical name → ids. */
  private readonly known = new Map<string, Map<string, string[]>>();
  /** Relation field key → how its names compare (null: the target has no display value to name). */
  private readonly matches = new Map<string, { match: DisplayMatch | null; target: SubjectDef | undefined }>();

  constructor(
    private readonly db: Executor,
    private readonly ctx: { applicationId: string; cache?: ReadCache },
  ) {}

  private scopeOf(field: FieldDef): string {
    return field.type === 'user' ? 'user' : `relation:${field.key}`;
  }

  /** A user name as compared: trimmed (the database lower-cases). */
  private canonOf(field: FieldDef, name: string): string | null {
    if (field.type === 'user') return name.trim() || null;
    return this.matches.get(field.key)?.match?.canon(name) ?? null;
  }

  /** The target subject's name, for messages (the field's name when the target is gone). */
  targetName(field: FieldDef): string {
    return this.matches.get(field.key)?.target?.name ?? field.name;
  }

  /**
   * Resolves the names not yet known: `names` maps each field taking names to the distinct
   * non-id items of the chunk's cells. One query for the users, one per relation field.
   */
  async load(names: Map<FieldDef, Set<string>>): Promise<void> {
    const userNames = new Set<string>();
    for (const [field, items] of names) {
      if (items.size === 0) continue;
      if (field.type === 'relation') await this.loadTarget(field);
      const scope = this.scopeOf(field);
      const known = this.known.get(scope) ?? new Map<string, string[]>();
      this.known.set(scope, known);
      const wanted = new Set<string>();
      for (const item of items) {
        const k = this.canonOf(field, item);
        if (k !== null && !known.has(k)) wanted.add(k);
      }
      if (wanted.size === 0) continue;
      if (field.type === 'user') for (const k of wanted) userNames.add(k);
      else this.fill(known, wanted, await this.relationIds(field, [...wanted]));
    }
    if (userNames.size > 0) this.fill(this.known.get('user')!, userNames, await this.userIds([...userNames]));
  }

  /** The ids `item` (not an id) of `field` names, after `load`. */
  idsOf(field: FieldDef, item: string): NameIds {
    const k = this.canonOf(field, item);
    return k === null ? [] : (this.known.get(this.scopeOf(field))?.get(k) ?? []);
  }

  private fill(known: Map<string, string[]>, wanted: Set<string>, found: Map<string, string[]>): void {
    for (const k of wanted) known.set(k, found.get(k) ?? []);
  }

  private async loadTarget(field: FieldDef): Promise<void> {
    const targetId = field.options.targetSubjectId;
    const target = targetId ? await loadSubjectDef(this.db, { id: targetId }, this.ctx.cache) : undefined;
    const inApp = target && target.applicationId === this.ctx.applicationId ? target : undefined;
    const display = inApp?.fields.find((f) => f.id === inApp.displayFieldId);
    this.matches.set(field.key, { target: inApp, match: display ? displayMatchOf(display) : null });
  }

  /** Live users by e-mail, else by name: canonical name → ids (an e-mail match alone when there is one). */
  private async userIds(keys: string[]): Promise<Map<string, string[]>> {
    const rows = rowsOf<{ id: string; k: string; by_email: number }>(
      await this.db.execute(
        sql`select u.id::text as id, n.k, (u.email = lower(n.k))::int as by_email
          from unnest(${sql.param(keys)}::text[]) as n(k)
          join users u on u.email = lower(n.k) or lower(btrim(u.name)) = lower(n.k)
          where u.deleted_at is null`,
      ),
    );
    const byEmail = new Map<string, string[]>();
    const byName = new Map<string, string[]>();
    for (const r of rows) {
      const map = Number(r.by_email) === 1 ? byEmail : byName;
      map.set(r.k, [...(map.get(r.k) ?? []), r.id]);
    }
    const out = new Map<string, string[]>();
    for (const k of keys) out.set(k, byEmail.get(k) ?? byName.get(k) ?? []);
    return out;
  }

  /** Live records of the field's target whose display value is one of `keys`: key → ids. */
  private async relationIds(field: FieldDef, keys: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const { target, match } = this.matches.get(field.key)!;
    if (!target || !match) return out;
    const rows = rowsOf<{ id: string; k: string }>(
      await this.db.execute(
        sql`select t.id::text as id, n.k from unnest(${sql.param(keys)}::text[]) as n(k)
          join ${sql.raw(`${ident(target.tableName)} t`)} on ${match.expr} = ${match.keyExpr}
          where ${liveRows(target, 't')}`,
      ),
    );
    for (const r of rows) out.set(r.k, [...(out.get(r.k) ?? []), r.id]);
    return out;
  }
}
