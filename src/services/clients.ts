/**
 * Clients: /api/v1/clients (contracts/clients.ts). Any signed-in user reads; administrators write
 * and export. Lists answer ProTable's page shape; mutations reject with the envelope (ApiError).
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Client, ClientCreate, ClientStatus, ClientUpdate, ExportFormat } from '../../contracts';

/** GET /clients query: paging, `q` on code/name, filters, `sort` (`code|name|industry|status|createdAt|updatedAt:asc|desc`). */
export interface ClientListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  status?: ClientStatus;
  industry?: string;
  applicationId?: string;
  sort?: string;
}

const base = (id: string) => `/api/v1/clients/${encodeURIComponent(id)}`;

/** A page of live clients. */
export async function listClients(params: ClientListParams = {}): Promise<Page<Client>> {
  return request<Page<Client>>('/api/v1/clients', { method: 'GET', params });
}

/** One client; rejects 404 for an unknown or deleted one. */
export async function getClient(id: string): Promise<Client> {
  const res = await request<Ok<Client>>(base(id), { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** The industries live clients use (filter options, suggestions). */
export async function listClientIndustries(): Promise<string[]> {
  const res = await request<Ok<string[]>>('/api/v1/clients/industries', { method: 'GET' });
  return res.data;
}

/** Creates a client; 400 names the field, 409 names `code`. */
export async function createClient(input: ClientCreate): Promise<Client> {
  const res = await request<Ok<Client>>('/api/v1/clients', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Edits a client (lists replace); 400 names the field, 409 names `code`. */
export async function updateClient(id: string, input: ClientUpdate): Promise<Client> {
  const res = await request<Ok<Client>>(base(id), { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Deletes a client to the recycle bin. */
export async function removeClient(id: string): Promise<void> {
  await request(base(id), { method: 'DELETE', skipErrorHandler: true });
}

/**
 * The export URL of the filtered list (a plain GET the browser downloads: the session cookie goes
 * along, no CSRF header is needed for a read).
 */
export function clientExportUrl(format: ExportFormat, params: Omit<ClientListParams, 'current' | 'pageSize'>): string {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, String(value));
  return `/api/v1/clients/export?${query.toString()}`;
}
