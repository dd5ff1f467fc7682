/**
 * Variables (contracts/variables.resource.ts): the resource kit's service (server/src/core/resource)
 * with what is special to variables:
 *  - a secret's value is write-only: stored encrypted in `secret` (variables.crypto.ts, bound to
 *    the row id), never in a response (`value: null`, `hasValue`) nor in an audit entry or the
 *    recycle bin (`'***'`; an update that sets one says `secretChanged`);
 *  - the value must suit the type, on update the resulting value the resulting type (400 naming
 *    'value'); changing the type to or from `secret` needs a new value;
 *  - the scope: an application that exists and is not in the recycle bin (404 naming
 *    'applicationId'), or null for a global variable;
 *  - a purge drops the variable's tags and categories too.
 * The kit holds the rest: the key unique per scope among live variables (the partial unique index
 * `variables_key_scope_key`; 409 naming 'key', a clashing restore refused the same way), audited
 * writes, the recycle bin. Later modules read values with `readVariable`.
 */
import { and, eq } from 'drizzle-orm';
import { variableResource, variableValueProblem, type Variable, type VariableType } from '../../../../contracts';
import { createResourceService } from '../../core/resource';
import { registerPurgeStep } from '../../core/recycle.registry';
import type { Executor } from '../../db/client';
import { categorizations, taggings, type VariableRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { decryptSecret, encryptSecret } from './variables.crypto';
import { findApplication, resolveVariable, variableRepository, type VariableApp } from './variables.repository';

/** What an audit entry shows of a secret's value. */
export const MASK = '***';

/** 400 naming 'value' with `messageKey`. */
const valueError = (messageKey: NonNullable<ReturnType<typeof variableValueProblem>>) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'value', messageKey }]);

/** @throws 400 naming 'value' when `value` does not suit `type`. */
function checkValue(type: VariableType, value: string): void {
  const problem = variableValueProblem(type, value);
  if (problem) throw valueError(problem);
}

/** @throws 404 naming 'applicationId' unless the application exists and is not in the recycle bin. */
async function requireApplication(tx: Executor, id: unknown): Promise<void> {
  if (typeof id === 'string' && !(await findApplication(tx, id))) {
    throw notFound('errors.applicationNotFound', [{ field: 'applicationId', messageKey: 'errors.applicationNotFound' }]);
  }
}

/** list/get/create/update/remove of variables, and the recycle bin's restore/purge of type `variable`. */
export const variableService = createResourceService<VariableRow, VariableApp, Variable>(variableResource, variableRepository, {
  toRead: (v, app) => {
    const secret = v.type === 'secret';
    return {
      id: v.id,
      key: v.key,
      type: v.type,
      applicationId: v.applicationId,
      ...app,
      value: secret ? null : v.value,
      hasValue: secret ? v.secret !== null : v.value !== null,
      description: v.description,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
    };
  },
  // a secret goes encrypted into `secret`, bound to the row id; any other value into `value`
  toColumns: (values, { id, input, before }) => {
    const type = (values.type ?? before?.type) as VariableType;
    if (typeof input.value !== 'string' || !('value' in values || 'type' in values)) return values;
    return {
      ...values,
      ...(type === 'secret' ? { value: null, secret: encryptSecret(input.value, id) } : { value: input.value, secret: null }),
    };
  },
  auditMask: (view, row) => (row.type === 'secret' ? { ...view, value: MASK } : view),
  beforeCreate: (tx, input) => requireApplication(tx, input.applicationId),
  async beforeUpdate(tx, row, changes, input) {
    if (changes.applicationId) await requireApplication(tx, changes.applicationId);
    const type = (changes.type ?? row.type) as VariableType;
    if (typeof input.value === 'string') checkValue(type, input.value);
    else if (type !== row.type) {
      // the stored value carries over: impossible to or from a secret
      if (type === 'secret' || row.type === 'secret') throw valueError('errors.required');
      checkValue(type, row.value ?? '');
    }
  },
  updateDetails: (row, input) => (row.type === 'secret' && input.value !== undefined ? { secretChanged: true } : undefined),
  recycleDetails: async (tx, row) => ({
    key: row.key,
    type: row.type,
    applicationId: row.applicationId,
    application: row.applicationId ? ((await findApplication(tx, row.applicationId, false))?.slug ?? null) : null,
  }),
});

// a purge drops the variable's tags and categories with it (a deleted one keeps them for a restore)
registerPurgeStep('variable', async (tx, id) => {
  await tx.delete(taggings).where(and(eq(taggings.targetType, 'variable'), eq(taggings.targetId, id)));
  await tx.delete(categorizations).where(and(eq(categorizations.targetType, 'variable'), eq(categorizations.targetId, id)));
});

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
export async function readVariable(
  db: Executor,
  key: string,
  applicationId?: string | null,
): Promise<ResolvedVariable | undefined> {
  const row = await resolveVariable(db, key, applicationId);
  if (!row) return undefined;
  const value = row.type === 'secret' ? decryptSecret(row.secret ?? '', row.id) : (row.value ?? '');
  return { key: row.key, type: row.type, value, scope: row.applicationId ? 'application' : 'global' };
}
