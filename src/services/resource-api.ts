/**
 * The resource kit's API client (docs/resource-kit.md "Web"): one typed client per definition
 * (contracts/resource.ts), over the routes the server kit registers for it — `GET /<name>` (list,
 * ProTable's page shape), `GET /<name>/:id`, `POST /<name>`, `PATCH /<name>/:id`,
 * `DELETE /<name>/:id`, `POST /<name>/:id/restore`, `DELETE /<name>/:id/purge` and
 * `GET /<name>/export`. Types come from the definition (`ResourceRecord`, `ResourceCreateInput`,
 * `ResourceUpdateInput`); no zod at run time. Reads of one row and every mutation reject with the
 * envelope as an ApiError without the global toast (`skipErrorHandler`), so forms put a 400's field
 * errors under their fields; lists go through the global error handler like every other list.
 */
import { request } from 'umi';
import type { ExportFormat } from '../../contracts/constants';
import type { Ok, Page } from '../../contracts/envelope';
import type { EnumField, ResourceCreateInput, ResourceDef, ResourceRecord, ResourceUpdateInput } from '../../contracts/resource';
import { resourceKeys, type ResourceKeys } from './query-keys';

/** The value a filter parameter takes: an enum's values, a number, a boolean, else text (references: an id). */
type FilterValue<F> = F extends EnumField ? F['values'][number] : F extends { kind: 'number' | 'decimal' } ? number : F extends { kind: 'boolean' } ? boolean : string;

/** The filter parameters of a definition, each under its query name (`filterParam`, else the field's). */
export type ResourceFilterParams<D extends ResourceDef> = {
  [K in keyof D['fields'] as D['fields'][K] extends { filterable: true | string }
    ? D['fields'][K] extends { filterParam: infer P extends string }
      ? P
      : K
    : never]?: FilterValue<D['fields'][K]>;
};

/** A list's query as sent: paging, `q`, `sort` (`field:asc|desc`) and the filters. Empty values are left out. */
export type ResourceListParams<D extends ResourceDef> = {
  current?: number;
  pageSize?: number;
  q?: string;
  sort?: string;
} & ResourceFilterParams<D>;

/** The export's query: the list's filters and sort, without paging. */
export type ResourceExportParams<D extends ResourceDef> = Omit<ResourceListParams<D>, 'current' | 'pageSize'>;

/** The client of one resource (see the file's comment). */
export interface ResourceApi<D extends ResourceDef> {
  /** The definition the client was made from. */
  readonly def: D;
  /** The resource's react-query keys (services/query-keys.ts): invalidate `keys.all` after a change. */
  readonly keys: ResourceKeys;
  /** A page of live rows; `params` as ResourceListParams. */
  list(params?: ResourceListParams<D>, signal?: AbortSignal): Promise<Page<ResourceRecord<D>>>;
  /** One row; rejects 404 (unknown or deleted id) or 400 (not a uuid). */
  get(id: string, signal?: AbortSignal): Promise<ResourceRecord<D>>;
  /** Creates a row; 400 names the field, 409 CONFLICT names a unique field. */
  create(body: ResourceCreateInput<D>): Promise<ResourceRecord<D>>;
  /**
   * Edits a row (lists replace, null or '' clears an optional field). `version` (versioned
   * resources) is the version edited: a stale one rejects 409 STALE_VERSION.
   */
  update(id: string, body: ResourceUpdateInput<D> | Partial<ResourceCreateInput<D>>, version?: number): Promise<ResourceRecord<D>>;
  /** Deletes a row (to the recycle bin when the definition says `recycle`). */
  remove(id: string): Promise<void>;
  /** Restores a row from the recycle bin; present only when `access.restore` is given. */
  restore?: (id: string) => Promise<void>;
  /** Purges a row for good; present only when `access.purge` is given. */
  purge?: (id: string) => Promise<void>;
  /** The export URL (a plain GET the browser downloads; the session cookie goes along). */
  exportUrl(format: ExportFormat, params?: ResourceExportParams<D>): string;
}

/** Query parameters without empty values (undefined, null, ''), as strings. */
export function queryOf(params: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  return query;
}

/** Makes the API client of `def` (see the file's comment); call once per resource, at module scope. */
export function resourceApi<D extends ResourceDef>(def: D): ResourceApi<D> {
  type Row = ResourceRecord<D>;
  const base = `/api/v1/${def.name}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const api: ResourceApi<D> = {
    def,
    keys: resourceKeys(def),
    list: (params = {}, signal) =>
      request<Page<Row>>(base, { method: 'GET', params: Object.fromEntries(queryOf(params as Record<string, unknown>)), signal }),
    get: async (id, signal) => (await request<Ok<Row>>(one(id), { method: 'GET', signal, skipErrorHandler: true })).data,
    create: async (body) => (await request<Ok<Row>>(base, { method: 'POST', data: body, skipErrorHandler: true })).data,
    update: async (id, body, version) => {
      const data = version === undefined ? body : { ...body, version };
      return (await request<Ok<Row>>(one(id), { method: 'PATCH', data, skipErrorHandler: true })).data;
    },
    remove: async (id) => {
      await request(one(id), { method: 'DELETE', skipErrorHandler: true });
    },
    exportUrl: (format, params) => `${base}/export?${queryOf({ format, ...params }).toString()}`,
  };
  if (def.access.restore) {
    api.restore = async (id) => {
      await request(`${one(id)}/restore`, { method: 'POST', skipErrorHandler: true });
    };
  }
  if (def.access.purge) {
    api.purge = async (id) => {
      await request(`${one(id)}/purge`, { method: 'DELETE', skipErrorHandler: true });
    };
  }
  return api;
}

