/**
 * Clients (`/admin/client`, docs/product.md "Data core"): the schemas and types of
 * /api/v1/clients, derived from the resource definition (contracts/clients.resource.ts) by the
 * resource kit (contracts/resource-zod.ts, docs/resource-kit.md). Any signed-in user reads them;
 * administrators write and export.
 *
 *  - POST body: code (CLIENT_CODE_PATTERN), name (1–200), industry (≤ 100), status (default
 *    active), contacts (≤ 50 of `{ name, title?, email?, phone? }`, errors name
 *    `contacts.<i>.<field>`), address (≤ 500), notes (≤ 5000), applicationIds (≤ 100 uuids,
 *    duplicates dropped; an unknown or deleted one is a 400 naming `applicationIds`);
 *  - PATCH body: any of them, at least one, unknown keys refused; lists replace; null or '' clears
 *    an optional text;
 *  - list query: paging, `q` over code and name, `status`, `industry` (exact, any case),
 *    `applicationId`, `sort` over CLIENT_SORT_FIELDS `:asc|desc` (default code:asc);
 *  - export query: `format` csv|xlsx and the list's filters.
 */
import { z } from 'zod';
import { clientResource, type ClientResource } from './clients.resource';
import type { ClientStatus } from './constants';
import type {
  FieldInput,
  ResourceCreateInput,
  ResourceCreateValues,
  ResourceFilterQuery,
  ResourceListQuery,
  ResourceRecord,
  ResourceUpdateInput,
  ResourceUpdateValues,
} from './resource';
import { resourceSchemas } from './resource-zod';

export { CLIENT_SORT_FIELDS, CLIENT_STATUSES } from './constants';
export type { ClientSortField, ClientStatus } from './constants';
export { clientResource, type ClientResource } from './clients.resource';

/** Every schema of /api/v1/clients (the resource kit's, from the definition). */
export const clientSchemas = resourceSchemas(clientResource);

/** POST /api/v1/clients (administrators). */
export const clientCreateSchema = clientSchemas.create;
export type ClientCreate = ResourceCreateInput<ClientResource>;
export type ClientCreateParsed = ResourceCreateValues<ClientResource>;

/** PATCH /api/v1/clients/:id (administrators). */
export const clientUpdateSchema = clientSchemas.update;
export type ClientUpdate = ResourceUpdateInput<ClientResource>;
export type ClientUpdateParsed = ResourceUpdateValues<ClientResource>;

/** A client as the API answers it; `applications` are its live linked applications, by name. */
export const clientSchema = clientSchemas.read;
export type Client = ResourceRecord<ClientResource>;
export type ClientContact = Client['contacts'][number];
export type ClientContactInput = FieldInput<ClientResource['fields']['contacts']>[number];
export type ClientApplication = Client['applications'][number];

/** The list's and the export's filters. */
export type ClientFilterQuery = ResourceFilterQuery & { status?: ClientStatus; industry?: string; applicationId?: string };

/** GET /api/v1/clients. */
export const clientListQuerySchema = clientSchemas.listQuery;
export type ClientListQuery = ResourceListQuery & ClientFilterQuery;

/** GET /api/v1/clients/export?format=csv|xlsx&<the list's filters>. */
export const clientExportQuerySchema = clientSchemas.exportQuery;
export type ClientExportQuery = z.infer<typeof clientExportQuerySchema> & ClientFilterQuery;

/** GET /api/v1/clients/industries: the industries live clients use, for filters and suggestions. */
export const clientIndustriesSchema = z.array(z.string());
