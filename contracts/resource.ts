/**
 * The resource kit's definition (docs/resource-kit.md): one plain-data description of a CRUD
 * resource — its fields, each written once, who may do what, audit, recycle bin, versions and
 * paging — from which the server derives its zod schemas (contracts/resource-zod.ts), its
 * repository and routes (server/src/core/resource/), its access-matrix specs, and the web kit its
 * table columns, filters, form and detail view.
 *
 * This file is plain data and types: it must NOT import zod (the web bundle imports it; eslint
 * forbids runtime imports of zod-bearing contracts in src/). Only contracts/constants.ts (no zod)
 * is imported.
 *
 * Conventions it follows (docs/product.md "API conventions"):
 *  - paging `current` (from 1) / `pageSize` (1–100, default 20) answering ProTable's
 *    `{ success, data[], total, current, pageSize }` (contracts/envelope.ts pageSchema), or a keyset
 *    `cursor` answering `nextCursor` (as the records list does);
 *  - sort `field:asc|desc` over the sortable fields only (400 `errors.sort` otherwise);
 *  - `q` searches the searchable fields (substring, case-insensitive);
 *  - a field's label is the message key `resources.<resource>.fields.<field>.label` unless given.
 */
import { CLIENT_CODE_PATTERN, PHONE_PATTERN, TAG_COLOR_PATTERN, VARIABLE_KEY_PATTERN } from './constants';

/* ------------------------------------------------------------------------------------------------
 * Roles and operations
 * ---------------------------------------------------------------------------------------------- */

/**
 * Who may do an operation — the project's role names:
 *  - `public`: anyone, signed in or not;
 *  - `user`: any signed-in user (the server's `requireUser`);
 *  - `viewer` / `editor` / `owner`: at least that role in the application of the route (`APP_ROLES`,
 *    contracts/constants.ts; an administrator passes too) — for application-scoped resources;
 *  - `admin`: administrators only (the server's `requireAdmin`).
 */
export type ResourceRole = 'public' | 'user' | 'viewer' | 'editor' | 'owner' | 'admin';

/** The operations a resource offers; the kit registers a route for each one the definition gives a role. */
export type ResourceOperation = 'list' | 'read' | 'create' | 'update' | 'delete' | 'restore' | 'purge' | 'export';

/** Per operation, the role that may do it; an operation left out has no route. */
export type ResourceAccess = Partial<Record<ResourceOperation, ResourceRole>>;

/** The roles the access-matrix test walks (server/src/test/route-specs.ts `Role`). */
export type MatrixRole = 'anonymous' | 'viewer' | 'editor' | 'owner' | 'admin';

/**
 * The matrix roles that pass a route guarded by `role`: what a module's `*.route-specs.ts` puts in
 * `allow` (so access is declared once, in the definition).
 */
export function allowedRoles(role: ResourceRole): readonly MatrixRole[] {
  switch (role) {
    case 'public':
      return ['anonymous', 'viewer', 'editor', 'owner', 'admin'];
    case 'user':
    case 'viewer':
      return ['viewer', 'editor', 'owner', 'admin'];
    case 'editor':
      return ['editor', 'owner', 'admin'];
    case 'owner':
      return ['owner', 'admin'];
    case 'admin':
      return ['admin'];
  }
}

/* ------------------------------------------------------------------------------------------------
 * Fields
 * ---------------------------------------------------------------------------------------------- */

/**
 * Named patterns a text field may require (one registry, so the browser and the server run the
 * same regex and show the same message). Each is linear-time (no back-references).
 */
export const RESOURCE_PATTERNS = {
  /** A letter or digit, then letters, digits, `.`, `_` or `-`; 1–32 characters (client codes). */
  clientCode: { regex: CLIENT_CODE_PATTERN, message: 'errors.client.code' },
  /** A phone number as people write it: digits, spaces, `+ - ( ) .`, 3–32 characters. */
  phone: { regex: PHONE_PATTERN, message: 'errors.phone.invalid' },
  /** A colour `#rrggbb` or a preset name (tags). */
  tagColor: { regex: TAG_COLOR_PATTERN, message: 'errors.tag.color' },
  /** An identifier: a letter or `_`, then letters, digits, `_` or `.`; 1–64 characters (variable keys). */
  variableKey: { regex: VARIABLE_KEY_PATTERN, message: 'errors.variable.key' },
} as const;
export type ResourcePatternName = keyof typeof RESOURCE_PATTERNS;

/** How a form edits a field (the web kit's default follows the kind). */
export type FormInput = 'text' | 'textarea' | 'select' | 'radio' | 'switch' | 'number' | 'date' | 'datetime' | 'color' | 'tags' | 'picker' | 'list' | 'password' | 'json';

/** How a filterable field filters: exact, exact ignoring case (text), or membership (references, tags). */
export type FilterMode = 'eq' | 'ieq' | 'has';

/** What every field kind shares. */
export interface FieldCommon {
  /** Message key of the label; default `resources.<resource>.fields.<field>.label`. */
  label?: string;
  /** Required on create (and not clearable on update). Default false: optional, null/'' clears. */
  required?: boolean;
  /** Server-set (id-like, computed): in the read shape only, never in create/update. */
  readOnly?: boolean;
  /** Shown as a column of the table. Default true. */
  listed?: boolean;
  /** May be the list's `sort` field. Default false. */
  sortable?: boolean;
  /** Filters the list by a query parameter of the field's name (or `filterParam`); true = the kind's default mode. */
  filterable?: boolean | FilterMode;
  /** The query parameter of the filter when it differs from the field's name (e.g. `applicationId` for `applicationIds`). */
  filterParam?: string;
  /** Searched by the list's `q` (substring, case-insensitive). Default false. */
  searchable?: boolean;
  /** A column of the CSV/XLSX export. Default true. */
  exported?: boolean;
  /** Unique among live rows: true (exact) or `ci` (case-insensitive); a clash is 409 naming the field. */
  unique?: boolean | 'ci';
  /** With `unique`: unique only among live rows having the same values of these fields (a scope; null is one scope too). */
  uniqueWithin?: readonly string[];
  /** Form hints for the web kit. */
  form?: {
    /** Message key of the placeholder. */
    placeholder?: string;
    /** Message key of the help text under the input. */
    help?: string;
    /** The input to use when not the kind's default. */
    input?: FormInput;
    /** Hidden from the create/edit form (still in the API). */
    hidden?: boolean;
  };
}

/** Short or long text; trimmed; '' on an optional field stores null. */
export interface TextField extends FieldCommon {
  kind: 'text' | 'longText';
  minLength?: number;
  maxLength?: number;
  /** A named pattern the value must match (RESOURCE_PATTERNS). */
  pattern?: ResourcePatternName;
  /** Stored lower-cased. */
  lowercase?: boolean;
  /** false: kept as sent, spaces and all (values whose spaces matter). Default true: trimmed. */
  trim?: boolean;
}

/** One of `values`. */
export interface EnumField extends FieldCommon {
  kind: 'enum';
  values: readonly [string, ...string[]];
  /** The value a create without it gets. */
  default?: string;
  /** Message key prefix of the value labels: `<prefix>.<value>`; default `resources.<resource>.fields.<field>.values`. */
  valueLabels?: string;
}

/** A number: integer (`number` with `integer`) or decimal (`decimal`, `scale` digits after the point). */
export interface NumberField extends FieldCommon {
  kind: 'number' | 'decimal';
  min?: number;
  max?: number;
  integer?: boolean;
  /** Decimal places kept (decimal). */
  scale?: number;
  default?: number;
}

/** true/false. */
export interface BooleanField extends FieldCommon {
  kind: 'boolean';
  default?: boolean;
}

/** A calendar date `YYYY-MM-DD` or an instant (ISO 8601 with zone). */
export interface DateField extends FieldCommon {
  kind: 'date' | 'datetime';
}

/** E-mail (lower-cased), URL (http/https) or phone number (RESOURCE_PATTERNS.phone). */
export interface ContactField extends FieldCommon {
  kind: 'email' | 'url' | 'phone';
  maxLength?: number;
}

/**
 * A reference to rows of another resource by id (uuid). `many` = a list of ids (duplicates
 * dropped, at most `max`); the read shape shows them as `readAs` (objects `{ id, …display }`)
 * when given, else as the ids.
 */
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  /** The referenced resource's name (`applications`, `users`, `groups`…). */
  to: string;
  many?: boolean;
  max?: number;
  /** Message key of the 400 when an id is unknown or deleted. */
  unknownMessage?: string;
  /** Read shape: the key the referenced rows appear under, and their displayed columns. */
  readAs?: { key: string; display: readonly string[] };
}

/** A list of free labels (strings, trimmed, distinct). */
export interface TagsField extends FieldCommon {
  kind: 'tags';
  max?: number;
  maxLength?: number;
}

/** A list of small objects (e.g. a client's contacts), each described by its own fields. */
export interface ListField extends FieldCommon {
  kind: 'list';
  of: Record<string, ScalarField>;
  max?: number;
}

/** Any JSON value (settings blobs); validated by the module. */
export interface JsonField extends FieldCommon {
  kind: 'json';
}

/** A field that is not a list. */
export type ScalarField = TextField | EnumField | NumberField | BooleanField | DateField | ContactField;
/** Any field of a resource. */
export type FieldDef = ScalarField | ReferenceField | TagsField | ListField | JsonField;
export type FieldKind = FieldDef['kind'];

/* ------------------------------------------------------------------------------------------------
 * The resource
 * ---------------------------------------------------------------------------------------------- */

/**
 * What happens on delete:
 *  - `recycle`: soft delete (a `deleted_at` mark) with an entry in the recycle bin of `type`;
 *    restore and purge are the recycle bin's (`POST /api/v1/recycle/<type>/:id/restore`,
 *    `DELETE /api/v1/recycle/<type>/:id`); `label` names the fields whose values, joined by a
 *    space, label the entry;
 *  - `hard`: the row is deleted at once.
 */
export type DeletionDef = { mode: 'recycle'; type: string; label: readonly string[] } | { mode: 'hard' };

/** An extra route a module adds beside the CRUD ones, declared here for its access (and the matrix). */
export interface ExtraRouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under the resource's base, starting with `/` (`/industries`, `/:id/members`). */
  path: string;
  access: ResourceRole;
}

/** A resource definition (give it to `defineResource`). */
export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Plural, the URL segment and i18n namespace: `/api/v1/<name>`, `resources.<name>.*`. */
  name: string;
  /** Singular, for messages and audit actions (`client` → `client.create`). */
  singular: string;
  /** The fields, in display order. `id`, `createdAt`, `updatedAt` (and `version`) are implied. */
  fields: F;
  /** Who may do what. */
  access: ResourceAccess;
  /** Audited writes: actions `<audit>.create|update|delete` of target type `<audit>`; false = not audited. */
  audit: string | false;
  deletion: DeletionDef;
  /**
   * Optimistic versions: the row has an integer `version`, the read shape shows it, an update must
   * send the `version` it edited, and a stale one is refused with 409 STALE_VERSION (nothing written).
   */
  versioned?: boolean;
  /** `pages`: current/pageSize with a total; `cursor`: keyset by `cursor`, answering `nextCursor`. Default pages. */
  paging?: 'pages' | 'cursor';
  /** The default `sort` (`field:asc|desc`, a sortable field). */
  defaultSort: string;
  /**
   * Message keys: 404, and 409 of a unique clash (named per field, else one for all); `restoreTaken`:
   * the 409 of a restore while a live row holds a unique value (default `errors.recycleConflict`);
   * `notDeleted`: the 409 of a restore or purge of a row that is not in the recycle bin (without it,
   * such a restore is a 404 and such a purge deletes the row).
   */
  messages: {
    notFound: string;
    taken?: string | Partial<Record<keyof F & string, string>>;
    restoreTaken?: string;
    notDeleted?: string;
  };
  /** Export: formats and the row cap. Absent = no export route. */
  export?: { maxRows: number };
  /** Extra routes of the module, keyed by a name of the module's choosing. */
  extraRoutes?: Record<string, ExtraRouteDef>;
}

/**
 * Checks and returns a resource definition unchanged (typed, so its field names are known to
 * the zod derivation and the web kit). Throws at load time on a definition that contradicts
 * itself: the default sort over a field that is not sortable, a recycle label naming an unknown
 * field, a readOnly field that is required, a unique field without a `messages.taken` key.
 */
export function defineResource<const F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  const [sortField, dir] = def.defaultSort.split(':');
  const sortable = sortableFields(def);
  if (!sortable.includes(sortField) || (dir !== 'asc' && dir !== 'desc')) {
    throw new Error(`${def.name}: defaultSort ${def.defaultSort} is not a sortable field:asc|desc`);
  }
  if (def.deletion.mode === 'recycle') {
    for (const f of def.deletion.label) if (!(f in def.fields)) throw new Error(`${def.name}: recycle label names unknown field ${f}`);
  }
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.readOnly && f.required) throw new Error(`${def.name}.${key}: readOnly and required`);
    const taken = def.messages.taken;
    if (f.unique && !(typeof taken === 'string' || (taken as Record<string, string> | undefined)?.[key])) throw new Error(`${def.name}.${key}: unique without a messages.taken key`);
    for (const w of f.uniqueWithin ?? []) if (!f.unique || !(w in def.fields)) throw new Error(`${def.name}.${key}: uniqueWithin ${w} without unique or not a field`);
  }
  return def;
}

/** The system fields every resource has (sortable by time). */
export const SYSTEM_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;

/** The field names the list may sort by (the sortable fields, then createdAt/updatedAt). */
export function sortableFields(def: ResourceDef): string[] {
  return [...Object.keys(def.fields).filter((k) => def.fields[k].sortable), ...SYSTEM_SORT_FIELDS];
}

/** The filterable fields with their query parameter and mode. */
export function filterableFields(def: ResourceDef): { field: string; param: string; mode: FilterMode }[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.filterable)
    .map(([field, f]) => ({ field, param: f.filterParam ?? field, mode: filterModeOf(f) }));
}

/** A filterable field's mode: as declared, else `has` for references and tags, `ieq` for text, `eq` otherwise. */
export function filterModeOf(f: FieldDef): FilterMode {
  if (typeof f.filterable === 'string') return f.filterable;
  if (f.kind === 'reference' || f.kind === 'tags') return 'has';
  if (f.kind === 'text' || f.kind === 'longText' || f.kind === 'email') return 'ieq';
  return 'eq';
}

/** The fields `q` searches. */
export function searchableFields(def: ResourceDef): string[] {
  return Object.keys(def.fields).filter((k) => def.fields[k].searchable);
}

/** The fields a create or update may set (not readOnly). */
export function writableFields(def: ResourceDef): string[] {
  return Object.keys(def.fields).filter((k) => !def.fields[k].readOnly);
}

/** The exported fields, in order. */
export function exportedFields(def: ResourceDef): string[] {
  return Object.keys(def.fields).filter((k) => def.fields[k].exported !== false);
}

/** The listed fields (table columns), in order. */
export function listedFields(def: ResourceDef): string[] {
  return Object.keys(def.fields).filter((k) => def.fields[k].listed !== false);
}

/** A field's label message key. */
export function fieldLabel(def: ResourceDef, field: string): string {
  return def.fields[field]?.label ?? `resources.${def.name}.fields.${field}.label`;
}

/** The operations that have a route, with their roles. */
export function operationsOf(def: ResourceDef): [ResourceOperation, ResourceRole][] {
  return Object.entries(def.access) as [ResourceOperation, ResourceRole][];
}

/* ------------------------------------------------------------------------------------------------
 * Value types derived from a definition (types only; the zod schemas of contracts/resource-zod.ts
 * parse to exactly these)
 * ---------------------------------------------------------------------------------------------- */

/** The value of one non-list field. */
export type ScalarValue<F> = F extends EnumField ? F['values'][number] : F extends NumberField ? number : F extends BooleanField ? boolean : string;

/** True when a field always has a value (required, server-set, has a default, or a list). */
type AlwaysSet<F> = F extends { required: true } | { readOnly: true } ? true : F extends { default: unknown } ? true : F extends ListField | TagsField | JsonField ? true : F extends ReferenceField ? (F extends { many: true } ? true : false) : false;

/** One item of a list field: every sub-field present, optional ones null when not given. */
export type ListItem<O extends Record<string, ScalarField>> = { [K in keyof O]: ScalarValue<O[K]> | (O[K] extends { required: true } ? never : null) };

/** The stored value of a field (ids for references). */
export type FieldValue<F> = F extends ListField
  ? ListItem<F['of']>[]
  : F extends ReferenceField
    ? F extends { many: true }
      ? string[]
      : string
    : F extends TagsField
      ? string[]
      : F extends JsonField
        ? unknown
        : ScalarValue<F>;

type Writable<D extends ResourceDef> = { [K in keyof D['fields']]: D['fields'][K] extends { readOnly: true } ? never : K }[keyof D['fields']];
type Required_<D extends ResourceDef> = { [K in Writable<D>]: AlwaysSet<D['fields'][K]> extends true ? K : never }[Writable<D>];
type Optional_<D extends ResourceDef> = Exclude<Writable<D>, Required_<D>>;

/** A parsed create body: required and defaulted fields set, optional ones a value, null (clear) or absent. */
export type ResourceCreateValues<D extends ResourceDef> = { [K in Required_<D>]: FieldValue<D['fields'][K]> } & {
  [K in Optional_<D>]?: FieldValue<D['fields'][K]> | null;
};

/** A parsed update body: any writable field (null clears an optional one), plus `version` when versioned. */
export type ResourceUpdateValues<D extends ResourceDef> = { [K in Required_<D>]?: FieldValue<D['fields'][K]> } & {
  [K in Optional_<D>]?: FieldValue<D['fields'][K]> | null;
} & (D extends { versioned: true } ? { version: number } : unknown);

/** A referenced row as a read shows it (`readAs`): its id and display columns. */
export type ReferencedRow<R extends ReferenceField> = R extends { readAs: { display: readonly (infer C extends string)[] } } ? { id: string } & { [K in C]: string } : never;

type ReadKey<D extends ResourceDef, K extends keyof D['fields']> = D['fields'][K] extends { readAs: { key: infer A extends string } } ? A : K;

/** A row as the API answers it: id, every field (optional ones null), references `readAs`, timestamps (and version). */
export type ResourceRecord<D extends ResourceDef> = { id: string; createdAt: string; updatedAt: string } & {
  [K in keyof D['fields'] as ReadKey<D, K>]: D['fields'][K] extends ReferenceField & { readAs: object }
    ? ReferencedRow<D['fields'][K]>[]
    : FieldValue<D['fields'][K]> | (AlwaysSet<D['fields'][K]> extends true ? never : null);
} & (D extends { versioned: true } ? { version: number } : unknown);

/** The filter part of a list query as parsed (shared by the list and the export): `q`, the filters by their query parameter, sort. */
export interface ResourceFilterQuery {
  q?: string;
  sort?: { field: string; desc: boolean };
  [filter: string]: unknown;
}

/** A list query as parsed: paging, then the filters. */
export interface ResourceListQuery extends ResourceFilterQuery {
  current: number;
  pageSize: number;
  /** Keyset paging (`paging: 'cursor'`): the previous answer's `nextCursor`. */
  cursor?: string;
}

/** What a client may send for a field (before parsing: references as ids, list items with optional sub-fields). */
export type FieldInput<F> = F extends ListField
  ? ({ [K in keyof F['of'] as F['of'][K] extends { required: true } ? K : never]: ScalarValue<F['of'][K]> } & {
      [K in keyof F['of'] as F['of'][K] extends { required: true } ? never : K]?: ScalarValue<F['of'][K]> | null;
    })[]
  : FieldValue<F>;

type MustSend<D extends ResourceDef> = { [K in Writable<D>]: D['fields'][K] extends { required: true } ? K : never }[Writable<D>];

/** A create body as sent: required fields, the others optional (null or '' = none). */
export type ResourceCreateInput<D extends ResourceDef> = { [K in MustSend<D>]: FieldInput<D['fields'][K]> } & {
  [K in Exclude<Writable<D>, MustSend<D>>]?: FieldInput<D['fields'][K]> | null;
};

/** An update body as sent: any writable field (null or '' clears an optional one), plus `version` when versioned. */
export type ResourceUpdateInput<D extends ResourceDef> = { [K in Writable<D>]?: FieldInput<D['fields'][K]> | null } & (D extends { versioned: true }
  ? { version: number }
  : unknown);

/** The URL of each operation under `/api/v1/<name>` (Fastify's pattern), and its method. */
export const OPERATION_ROUTES: Record<ResourceOperation, { method: ExtraRouteDef['method']; path: string }> = {
  list: { method: 'GET', path: '' },
  export: { method: 'GET', path: '/export' },
  read: { method: 'GET', path: '/:id' },
  create: { method: 'POST', path: '' },
  update: { method: 'PATCH', path: '/:id' },
  delete: { method: 'DELETE', path: '/:id' },
  restore: { method: 'POST', path: '/:id/restore' },
  purge: { method: 'DELETE', path: '/:id/purge' },
};

/**
 * Every route of a resource (its operations and extra routes), keyed `METHOD url` as the
 * access-matrix test names them (`GET /api/v1/clients/:id`), with the matrix roles it allows:
 * a module's `*.route-specs.ts` takes its `allow` lists from here instead of repeating them.
 */
export function routeAccess(def: ResourceDef, prefix = '/api/v1'): Record<string, readonly MatrixRole[]> {
  const out: Record<string, readonly MatrixRole[]> = {};
  for (const [op, role] of operationsOf(def)) {
    const { method, path } = OPERATION_ROUTES[op];
    out[`${method} ${prefix}/${def.name}${path}`] = allowedRoles(role);
  }
  for (const r of Object.values(def.extraRoutes ?? {})) out[`${r.method} ${prefix}/${def.name}${r.path}`] = allowedRoles(r.access);
  return out;
}
