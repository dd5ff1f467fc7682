/**
 * Variables: administrators create, edit and delete variables (to the recycle
 * bin); a secret's value is write-only (never in a response nor in an audit entry: `'***'`) and
 * stored encrypted (variables.crypto.ts). Later modules read values with `readVariable`.
 * Keys are unique per scope among live variables (the partial unique index
 * `variables_key_scope_key`; a clash is a 409 naming 'key').
 */
import { randomUUID } from 'node:crypto';
import {
  variableValueProblem,
  type CurrentUser,
  type Variable,
  type VariableCreate,
  type VariableListQuery,
  type VariableType,
  type VariableUpdate,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { VariableRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { decryptSecret, encryptSecret } from './variables.crypto';
import {
  applicationExists,
  findVariable,
  insertVariable,
  keyTaken as keyTakenIn,
  listVariables as listVariableRows,
  lockVariable,
  markVariableDeleted,
  resolveVariable,
  updateVariable as updateVariableRow,
  type VariableListRow,
} from './variables.repository';

/** What an audit entry shows of a secret's value. */
export const MASK = '***';

/** The 409 of a key taken in its scope: CONFLICT naming 'key'. */
export const keyTaken = () =>
  new HttpError(409, 'CONFLICT', 'errors.variable.keyTaken', [{ field: 'key', messageKey: 'errors.variable.keyTaken' }]);
const variableNotFound = () => notFound('errors.variable.notFound');
const applicationNotFound = () =>
  notFound('errors.applicationNotFound', [{ field: 'applicationId', messageKey: 'errors.applicationNotFound' }]);

/** A row as contracts' `Variable`: a secret's value is never included. */
export function toVariable(r: VariableListRow): Variable {
  const v = r.variable;
  const secret = v.type === 'secret';
  return {
    id: v.id,
    key: v.key,
    type: v.type,
    applicationId: v.applicationId,
    applicationSlug: r.applicationSlug,
    applicationName: r.applicationName,
    value: secret ? null : v.value,
    hasValue: secret ? v.secret !== null : v.value !== null,
    description: v.description,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** The audit view of a variable: the value masked for a secret. */
function auditView(v: VariableRow) {
  return {
    key: v.key,
    type: v.type,
    applicationId: v.applicationId,
    value: v.type === 'secret' ? MASK : v.value,
    description: v.description,
  };
}

/** The columns holding `value` for a variable of `type`: a secret goes encrypted into `secret`. */
function valueColumns(id: string, type: VariableType, value: string): { value: string | null; secret: string | null } {
  return type === 'secret' ? { value: null, secret: encryptSecret(value, id) } : { value, secret: null };
}

function valueError(type: VariableType, value: string): HttpError | null {
  const problem = variableValueProblem(type, value);
  return problem ? new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'value', messageKey: problem }]) : null;
}

/** One page of live variables (contracts VariableListQuery: q, scope, type, sort). */
export async function listVariables(db: Executor, query: VariableListQuery): Promise<{ items: Variable[]; total: number }> {
  const { rows, total } = await listVariableRows(db, {
    pattern: likePattern(query.q),
    scope: query.scope,
    type: query.type,
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toVariable), total };
}

/** One live variable. @throws HttpError 404 (errors.variable.notFound). */
export async function getVariable(db: Executor, id: string): Promise<Variable> {
  const row = await findVariable(db, id);
  if (!row) throw variableNotFound();
  return toVariable(row);
}

async function withUniqueKey<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken();
    throw err;
  }
}

/**
 * Creates a variable (a secret encrypted), audited `variable.create` (after: the variable, a
 * secret's value as '***').
 * @throws HttpError 404 (details 'applicationId') for an unknown application; 409 CONFLICT
 *   (details 'key') when the key is taken in the scope.
 */
export async function createVariable(db: Database, user: CurrentUser, input: VariableCreate, audit: AuditWriter): Promise<Variable> {
  const applicationId = input.applicationId ?? null;
  if (applicationId && !(await applicationExists(db, applicationId))) throw applicationNotFound();
  return withUniqueKey(() =>
    db.transaction(async (tx) => {
      const id = randomUUID();
      const row = await insertVariable(tx, {
        id,
        key: input.key,
        type: input.type,
        applicationId,
        ...valueColumns(id, input.type, input.value),
        description: input.description ? input.description : null,
        createdBy: user.id,
      });
      await audit.record(tx, { action: 'variable.create', targetType: 'variable', targetId: id, after: auditView(row) });
      return getVariable(tx, id);
    }),
  );
}

/**
 * Changes any of key, type, scope, value, description; audited `variable.update` (before/after,
 * secrets masked; a new secret value shows as '***' on both sides, so the entry records that it
 * was set without revealing it: details `secretChanged`).
 * The resulting value must suit the resulting type; changing the type to or from `secret` needs a
 * new value.
 * @throws HttpError 404 unknown variable or application; 400 naming 'value'; 409 naming 'key'.
 */
export async function updateVariable(
  db: Database,
  id: string,
  input: VariableUpdate,
  audit: AuditWriter,
): Promise<Variable> {
  if (input.applicationId && !(await applicationExists(db, input.applicationId))) throw applicationNotFound();
  return withUniqueKey(() =>
    db.transaction(async (tx) => {
      const before = await lockVariable(tx, id);
      if (!before) throw variableNotFound();
      const type = input.type ?? before.type;
      const changes: Parameters<typeof updateVariableRow>[2] = {};
      if (input.key !== undefined) changes.key = input.key;
      if (input.applicationId !== undefined) changes.applicationId = input.applicationId;
      if (input.description !== undefined) changes.description = input.description ? input.description : null;
      if (input.type !== undefined) changes.type = input.type;
      if (input.value !== undefined) {
        const problem = valueError(type, input.value);
        if (problem) throw problem;
        Object.assign(changes, valueColumns(id, type, input.value));
      } else if (type !== before.type) {
        // the stored value must carry over: impossible to or from a secret
        if (type === 'secret' || before.type === 'secret') {
          throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'value', messageKey: 'errors.required' }]);
        }
        const problem = valueError(type, before.value ?? '');
        if (problem) throw problem;
      }
      if (changedKeys(before, changes).length === 0) {
        audit.unchanged();
        return getVariable(tx, id);
      }
      const after = await updateVariableRow(tx, id, changes);
      await audit.record(tx, {
        action: 'variable.update',
        targetType: 'variable',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
        details: type === 'secret' && input.value !== undefined ? { secretChanged: true } : undefined,
      });
      return getVariable(tx, id);
    }),
  );
}

/**
 * Moves a variable to the recycle bin (soft delete + bin row, one transaction); audited
 * `variable.delete` (before: the variable, secret masked). Its tags and categories stay, so a
 * restore brings them back. @throws HttpError 404.
 */
export async function deleteVariable(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVariable(tx, id);
    if (!row) throw variableNotFound();
    await markVariableDeleted(tx, id, user.id, true);
    const found = await findVariable(tx, id, true);
    await moveToRecycleBin(tx, {
      type: 'variable',
      id,
      label: row.key,
      actorId: user.id,
      actorLabel: user.email,
      details: { key: row.key, type: row.type, applicationId: row.applicationId, application: found?.applicationSlug ?? null },
    });
    await audit.record(tx, { action: 'variable.delete', targetType: 'variable', targetId: id, before: auditView(row) });
  });
}

/** A variable's value as `readVariable` gives it. */
export interface ResolvedVariable {
  key: string;
  type: VariableType;
  /** The value as text (a secret decrypted). */
  value: string;
  /** Where it came from: the application's own variable, or the global one. */
  scope: 'application' | 'global';
}

/**
 * The value of variable `key` for later modules (server side only): the application's variable
 * when `applicationId` is given and it has one, else the global one; a secret decrypted with the
 * process's key. undefined when no live variable has the key.
 * @throws Error when a stored secret does not decrypt (another key, or altered).
 */
export async function readVariable(db: Executor, key: string, applicationId?: string | null): Promise<ResolvedVariable | undefined> {
  const row = await resolveVariable(db, key, applicationId);
  if (!row) return undefined;
  const value = row.type === 'secret' ? decryptSecret(row.secret ?? '', row.id) : (row.value ?? '');
  return { key: row.key, type: row.type, value, scope: row.applicationId ? 'application' : 'global' };
}

/** True when restoring `row` would clash with a live variable of the same key and scope. */
export async function restoreClashes(db: Executor, row: VariableRow): Promise<boolean> {
  return keyTakenIn(db, row.key, row.applicationId, row.id);
}
