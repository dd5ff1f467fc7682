/**
 * Clients (Applications and clients; contracts/clients.ts): the audited organisations.
 * Any signed-in user reads them; administrators create, edit, delete (to the recycle bin) and
 * export — the routes' preValidation hooks check that. This layer holds the rules:
 *  - `code` is unique, case-insensitively, among live clients (409 naming `code`; a restore that
 *    would clash is refused the same way);
 *  - linked applications must be live (400 naming `applicationIds`); links to an application in
 *    the recycle bin are kept out of sight and come back with it;
 *  - every change writes one audit entry in its transaction (client.create/update/delete).
 */
import type { Client, ClientContact, ClientCreateParsed, ClientListQuery, ClientUpdateParsed, CurrentUser } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ClientRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import {
  clientCodeTaken,
  findClient,
  insertClient,
  linkedApplicationIds,
  listClients as listClientRows,
  liveApplicationsIn,
  lockClient,
  markClientDeleted,
  purgeClient as purgeClientRow,
  setClientApplications,
  touchClient,
  updateClient as updateClientRow,
  type ClientFilter,
  type ClientValues,
  type LinkedApp,
} from './clients.repository';

/** 409 CONFLICT naming `code` (another live client has it, in any case). */
export const codeTaken = () => new HttpError(409, 'CONFLICT', 'errors.client.codeTaken', [{ field: 'code', messageKey: 'errors.client.codeTaken' }]);
const clientNotFound = () => notFound('errors.client.notFound');

/** The stored contacts (jsonb) as contracts' contacts. */
function contactsOf(row: ClientRow): ClientContact[] {
  return Array.isArray(row.contacts) ? (row.contacts as ClientContact[]) : [];
}

/** A client row and its live linked applications as contracts' Client. */
export function toClient(row: ClientRow, apps: LinkedApp[]): Client {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    industry: row.industry,
    status: row.status,
    contacts: contactsOf(row).map((c) => ({ name: c.name, title: c.title ?? null, email: c.email ?? null, phone: c.phone ?? null })),
    address: row.address,
    notes: row.notes,
    applications: apps,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a client. */
function auditView(row: ClientRow, applicationIds: string[]) {
  return {
    code: row.code,
    name: row.name,
    industry: row.industry,
    status: row.status,
    contacts: contactsOf(row),
    address: row.address,
    notes: row.notes,
    applicationIds,
  };
}

/** The list's filters from a query (`q` → ILIKE pattern). */
export function toClientFilter(query: Pick<ClientListQuery, 'q' | 'status' | 'industry' | 'applicationId'>): ClientFilter {
  return { pattern: likePattern(query.q), status: query.status, industry: query.industry || undefined, applicationId: query.applicationId };
}

/** One page of live clients: `q` on code or name, filters status/industry/applicationId, sort (default code). */
export async function listClients(db: Executor, query: ClientListQuery): Promise<{ items: Client[]; total: number }> {
  const { rows, total } = await listClientRows(db, {
    filter: toClientFilter(query),
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toClient(r.client, r.apps)), total };
}

/** The live client `id`. @throws HttpError 404 (errors.client.notFound). */
export async function getClient(db: Executor, id: string): Promise<Client> {
  const found = await findClient(db, id);
  if (!found) throw clientNotFound();
  return toClient(found.client, found.apps);
}

/**
 * The live applications `ids` name, all of them.
 * @throws HttpError 400 naming `applicationIds` when one is unknown or in the recycle bin.
 */
async function requireLiveApplications(db: Executor, ids: string[]): Promise<LinkedApp[]> {
  const apps = await liveApplicationsIn(db, ids);
  if (apps.length !== ids.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'applicationIds', messageKey: 'errors.client.applicationUnknown' }]);
  }
  return apps;
}

/**
 * Creates a client with its contacts and linked applications; audited `client.create`.
 * @throws HttpError 409 CONFLICT naming `code`; 400 naming `applicationIds`.
 */
export async function createClient(db: Database, actor: CurrentUser, input: ClientCreateParsed, audit: AuditWriter): Promise<Client> {
  try {
    return await db.transaction(async (tx) => {
      if (await clientCodeTaken(tx, input.code)) throw codeTaken();
      const apps = await requireLiveApplications(tx, input.applicationIds);
      const row = await insertClient(tx, {
        code: input.code,
        name: input.name,
        industry: input.industry ?? null,
        status: input.status,
        contacts: input.contacts,
        address: input.address ?? null,
        notes: input.notes ?? null,
        createdBy: actor.id,
      });
      await setClientApplications(tx, row.id, input.applicationIds);
      await audit.record(tx, {
        action: 'client.create',
        targetType: 'client',
        targetId: row.id,
        after: auditView(row, apps.map((a) => a.id).sort()),
      });
      return toClient(row, apps);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/**
 * Edits a client (any of its fields; `contacts` and `applicationIds` replace the lists); audited
 * `client.update` with before/after of the changed fields only. Nothing changed: nothing written.
 * @throws HttpError 404 unknown or deleted; 409 CONFLICT naming `code`; 400 naming `applicationIds`.
 */
export async function updateClient(db: Database, id: string, input: ClientUpdateParsed, audit: AuditWriter): Promise<Client> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockClient(tx, id);
      if (!row) throw clientNotFound();
      const beforeLinks = await linkedApplicationIds(tx, id);
      const liveBefore = (await liveApplicationsIn(tx, beforeLinks)).map((a) => a.id).sort();
      const before = auditView(row, liveBefore);
      const wanted: Partial<ClientValues> = {};
      if (input.code !== undefined) wanted.code = input.code;
      if (input.name !== undefined) wanted.name = input.name;
      if (input.industry !== undefined) wanted.industry = input.industry;
      if (input.status !== undefined) wanted.status = input.status;
      if (input.contacts !== undefined) wanted.contacts = input.contacts;
      if (input.address !== undefined) wanted.address = input.address;
      if (input.notes !== undefined) wanted.notes = input.notes;
      const changed = (Object.keys(wanted) as (keyof ClientValues)[]).filter(
        (k) => JSON.stringify(wanted[k]) !== JSON.stringify(k === 'contacts' ? before.contacts : row[k]),
      );
      const appsAfter = input.applicationIds ? [...input.applicationIds].sort() : liveBefore;
      const linksChanged = JSON.stringify(appsAfter) !== JSON.stringify(liveBefore);
      if (changed.length === 0 && !linksChanged) {
        audit.unchanged();
        const found = await findClient(tx, id);
        return toClient(row, found?.apps ?? []);
      }
      if (wanted.code !== undefined && changed.includes('code') && (await clientCodeTaken(tx, wanted.code, id))) throw codeTaken();
      if (linksChanged) {
        await requireLiveApplications(tx, appsAfter);
        await setClientApplications(tx, id, appsAfter);
      }
      const next = changed.length > 0 ? await updateClientRow(tx, id, Object.fromEntries(changed.map((k) => [k, wanted[k]]))) : row;
      if (changed.length === 0) await touchClient(tx, id);
      const after = auditView(next, appsAfter);
      const keys = [...changed, ...(linksChanged ? (['applicationIds'] as const) : [])];
      await audit.record(tx, {
        action: 'client.update',
        targetType: 'client',
        targetId: id,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
        details: { code: next.code },
      });
      const found = await findClient(tx, id);
      if (!found) throw clientNotFound();
      return toClient(found.client, found.apps);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/**
 * Deletes a client to the recycle bin (type `client`); its code is free for a new client
 * meanwhile; its links stay. Audited `client.delete`.
 * @throws HttpError 404 unknown or already deleted.
 */
export async function deleteClient(db: Database, actor: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockClient(tx, id);
    if (!row) throw clientNotFound();
    const links = await linkedApplicationIds(tx, id);
    await markClientDeleted(tx, id, actor.id, true);
    await moveToRecycleBin(tx, {
      type: 'client',
      id,
      label: `${row.code} ${row.name}`,
      actorId: actor.id,
      actorLabel: actor.email,
      details: { code: row.code, applications: links.length },
    });
    await audit.record(tx, {
      action: 'client.delete',
      targetType: 'client',
      targetId: id,
      before: auditView(row, links),
      after: null,
      details: { recycleBin: true },
    });
  });
}

/**
 * The recycle bin's restore of a client (inside its transaction).
 * @throws HttpError 404 when gone or not deleted; 409 CONFLICT (errors.recycleConflict naming the
 *   code) when a live client took the code meanwhile.
 */
export async function restoreClient(tx: Executor, id: string): Promise<void> {
  const row = await lockClient(tx, id, true);
  if (!row || !row.deletedAt) throw clientNotFound();
  if (await clientCodeTaken(tx, row.code, id)) {
    throw new HttpError(409, 'CONFLICT', 'errors.recycleConflict', [{ field: 'code', messageKey: 'errors.recycleConflict' }], {
      params: { label: row.code },
    });
  }
  await markClientDeleted(tx, id, null, false);
}

/** The recycle bin's purge of a client (inside its transaction): the row goes, its links cascade. */
export async function purgeClient(tx: Executor, id: string): Promise<void> {
  await purgeClientRow(tx, id);
}
