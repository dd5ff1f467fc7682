/**
 * The react-query keys of the whole app, from one factory in the manner of refine's query keys
 * (`IQueryKeys`): a resource's keys all start with `['assay', resource]`, so
 *
 * - `keys(r).all` invalidates everything cached of the resource (every list, detail, option list
 *   and action of it, in every application) — what a change to one of its items does by default;
 * - `keys(r).lists()` / `keys(r).details()` invalidate only its lists / its details;
 * - `keys(r).list(params)`, `.detail(id, …)`, `.options(params)` and `.action(name, …)` are the
 *   keys of one query (the parameters as the service takes them: paging, filter, application…).
 *
 * No page writes a key by hand (docs/code-style.md "Server data": keyed by application, resource
 * and parameters). A subject, for instance, is one family: `keys('subjects').detail(app, key)`
 * (the records screens, the import wizard, the query builder, the schema editor),
 * `.detail('id', id)` (the admin pages that open it by id), `.options({ app })` (pickers and
 * menus); saving its schema invalidates `keys('subjects').all`, so no screen keeps an old copy.
 */

/** A query key as react-query takes it. */
export type QueryKey = readonly unknown[];

/** The resources whose data is cached, by the name their keys start with. */
export type KeyedResource =
  | 'applications'
  | 'categories'
  | 'clients'
  | 'connectors'
  | 'deploy'
  | 'forms'
  | 'groups'
  | 'imports'
  | 'notices'
  | 'profile'
  | 'recordQueries'
  | 'records'
  | 'route'
  | 'settings'
  | 'shares'
  | 'subjects'
  | 'tags'
  | 'users'
  | 'variables'
  | 'views';

/** The keys of one resource (see the file's comment). */
export interface ResourceKeys {
  /** Every key of the resource: invalidate this after a change. */
  all: QueryKey;
  /** Every list of the resource. */
  lists: () => QueryKey;
  /** One list: `params` are the list's query (paging, filter, sort, application…); none is `{}`. */
  list: (params?: unknown) => QueryKey;
  /** Every detail of the resource. */
  details: () => QueryKey;
  /** One item: its id, or the parts that name it (`app, key`). */
  detail: (...id: unknown[]) => QueryKey;
  /** An option list of the resource (selects, pickers, menus): `params` narrow it. */
  options: (params?: unknown) => QueryKey;
  /** Anything else read from the resource: a named action and its parameters (`action('unreadCount')`). */
  action: (name: string, ...params: unknown[]) => QueryKey;
}

/** The key factory of `resource` (see the file's comment). */
export function keys(resource: KeyedResource): ResourceKeys {
  const all = ['assay', resource] as const;
  return {
    all,
    lists: () => [...all, 'list'],
    list: (params) => [...all, 'list', params ?? {}],
    details: () => [...all, 'detail'],
    detail: (...id) => [...all, 'detail', ...id],
    options: (params) => [...all, 'options', params ?? {}],
    action: (name, ...params) => [...all, name, ...params],
  };
}

/**
 * The key factory of a resource-kit definition (contracts/resource.ts): `keys(def.name)`, for
 * resources whose name the union above does not list yet (a new module's definition).
 */
export function resourceKeys(def: { name: string }): ResourceKeys {
  return keys(def.name as KeyedResource);
}
