/**
 * Clients: /api/v1/clients, through the resource kit's client (services/resource-api.ts) made from
 * contracts/clients.resource.ts. Any signed-in user reads; administrators write and export.
 * Besides the kit's routes: the industries in use.
 */
import { request } from 'umi';
import { clientResource, type ClientResource } from '../../contracts/clients.resource';
import type { Ok } from '../../contracts/envelope';
import { resourceApi, type ResourceListParams } from './resource-api';

/** The clients' API client: list (`q` on code/name, `status`, `industry`, `applicationId`, `sort`), get, create, update, remove, exportUrl. */
export const clientsApi = resourceApi(clientResource);

/** GET /clients query. */
export type ClientListParams = ResourceListParams<ClientResource>;

/** A page of live clients. */
export const listClients = (params: ClientListParams = {}) => clientsApi.list(params);

/** The industries live clients use (filter options, suggestions). */
export async function listClientIndustries(): Promise<string[]> {
  const res = await request<Ok<string[]>>('/api/v1/clients/industries', { method: 'GET' });
  return res.data;
}
