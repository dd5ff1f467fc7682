/**
 * Clients (contracts/clients.resource.ts): the resource kit's service (server/src/core/resource)
 * with what is special to clients — the linked applications, kept in `client_applications`:
 *  - linked applications must be live (400 naming `applicationIds`); links to an application in
 *    the recycle bin are kept out of sight and come back with it;
 *  - the audit log keeps the live linked ids; an update's entry names the code, a recycle-bin
 *    entry the code and the number of links.
 * The kit holds the rest: code unique case-insensitively among live clients (409 naming `code`,
 * a clashing restore refused the same way), audited writes, the recycle bin.
 */
import type { Client, ClientFilterQuery } from '../../../../contracts';
import { clientResource } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { ClientRow } from '../../db/schema';
import { createResourceService } from '../../core/resource';
import { HttpError } from '../../lib/http-error';
import { clientRepository, liveApplicationsIn, liveLinkedApplicationIds, setClientApplications, type LinkedApp } from './clients.repository';

/**
 * The live applications `ids` name, all of them.
 * @throws HttpError 400 naming `applicationIds` when one is unknown or in the recycle bin.
 */
async function requireLiveApplications(db: Executor, ids: string[]): Promise<void> {
  const apps = await liveApplicationsIn(db, ids);
  if (apps.length !== ids.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'applicationIds', messageKey: 'errors.client.applicationUnknown' }]);
  }
}

/** list/get/create/update/remove of clients, and the recycle bin's restore/purge of type `client`. */
export const clientService = createResourceService<ClientRow, { applications: LinkedApp[] }, Client>(clientResource, clientRepository, {
  relations: {
    applicationIds: {
      load: liveLinkedApplicationIds,
      validate: (tx, ids) => requireLiveApplications(tx, ids as string[]),
      save: (tx, id, ids) => setClientApplications(tx, id, ids as string[]),
    },
  },
  updateDetails: (row) => ({ code: row.code }),
  recycleDetails: (_tx, row, view) => ({ code: row.code, applications: (view.applicationIds as string[]).length }),
});

/** A client row and its live linked applications as contracts' Client (the export's). */
export function toClient(row: ClientRow, apps: LinkedApp[]): Client {
  return clientService.toRead({ row, extras: { applications: apps } });
}

/** The list's filters as the export passes them on. */
export function toClientFilter(query: ClientFilterQuery): ClientFilterQuery {
  return query;
}
