/**
 * The zod schemas of a resource, derived from its definition (contracts/resource.ts,
 * docs/resource-kit.md "Schemas"). Server and contracts only: this file imports zod, so the web
 * takes its types with `import type`.
 *
 * What each field kind parses to (the same rules the hand-written contracts had):
 *  - text: trimmed; required → at least `minLength` (1 → `errors.required`), a named pattern's own
 *    message; optional → '' or null stores null (clears), absent = not given;
 *  - email (lower-cased, `errors.email.invalid`), phone (`errors.phone.invalid`), url (http/https);
 *  - enum: one of its values, its `default` on create; number/decimal: JSON numbers within limits;
 *  - reference: uuid(s) (`unknownMessage` on a malformed one), a `many` list deduplicated;
 *  - list: an array of objects, each sub-field parsed as above (absent optional sub-fields → null).
 * Create fills defaults ([] for lists); update takes any writable field, at least one, and refuses
 * unknown keys (plus `version` on a versioned resource); the list query adds paging, `q`, the
 * filters and `sort` over the sortable fields only.
 */
import { z } from 'zod';
import { EXPORT_FORMATS } from './constants';
import { emailSchema } from './auth';
import { pageQuerySchema } from './envelope';
import {
  filterableFields,
  RESOURCE_PATTERNS,
  searchableFields,
  sortableFields,
  writableFields,
  type FieldDef,
  type ResourceCreateInput,
  type ResourceCreateValues,
  type ResourceDef,
  type ResourceFilterQuery,
  type ResourceListQuery,
  type ResourceRecord,
  type ResourceUpdateInput,
  type ResourceUpdateValues,
  type ContactField,
  type ScalarField,
  type TextField,
} from './resource';

/** Where a field is parsed: the body's top level (absent = not given) or inside a list item (absent = null). */
type Place = 'top' | 'item';

/** Turns '' (and, inside list items, undefined) into null. */
const emptyToNull = (place: Place) => (v: unknown) => (v === '' || (place === 'item' && v === undefined) ? null : v);

/** A text-like field's base schema, before optionality. */
function textBase(f: TextField | ContactField, required: boolean): z.ZodType<string> {
  const max = 'maxLength' in f ? f.maxLength : undefined;
  if (f.kind === 'email') {
    if (required) return emailSchema;
    return z
      .string()
      .trim()
      .toLowerCase()
      .max(max ?? 254)
      .refine((v) => v === '' || emailSchema.safeParse(v).success, { message: 'errors.email.invalid' });
  }
  if (f.kind === 'phone') {
    const { regex, message } = RESOURCE_PATTERNS.phone;
    return z
      .string()
      .trim()
      .refine((v) => (v === '' && !required) || regex.test(v), { message });
  }
  if (f.kind === 'url') {
    const url = z.url({ protocol: /^https?$/ });
    return z
      .string()
      .trim()
      .max(max ?? 2000)
      .refine((v) => (v === '' && !required) || url.safeParse(v).success, { message: 'Invalid URL' });
  }
  if (f.kind !== 'text' && f.kind !== 'longText') throw new Error(`not a text field: ${f.kind}`);
  let s = f.trim === false ? z.string() : z.string().trim();
  if (f.lowercase) s = s.toLowerCase();
  if (required && f.minLength !== undefined) s = s.min(f.minLength, f.minLength === 1 ? { message: 'errors.required' } : undefined);
  if (max !== undefined) s = s.max(max);
  if (!f.pattern) return s;
  const { regex, message } = RESOURCE_PATTERNS[f.pattern];
  return required ? s.regex(regex, { message }) : s.refine((v) => v === '' || regex.test(v), { message });
}

/** The schema of one value of a non-list field (no optionality, no default). */
function valueSchema(f: FieldDef, required: boolean): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'url':
      return textBase(f, required);
    case 'enum':
      return z.enum(f.values);
    case 'number':
    case 'decimal': {
      let n = z.number();
      if (f.integer || f.kind === 'number') n = n.int();
      if (f.min !== undefined) n = n.min(f.min);
      if (f.max !== undefined) n = n.max(f.max);
      return n;
    }
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.iso.date({ message: 'errors.date.invalid' });
    case 'datetime':
      return z.iso.datetime({ offset: true, message: 'errors.date.invalid' });
    case 'reference': {
      const id = z.uuid(f.unknownMessage ? { message: f.unknownMessage } : undefined);
      if (!f.many) return id;
      const list = f.max !== undefined ? z.array(id).max(f.max) : z.array(id);
      return list.transform((ids) => [...new Set(ids)]);
    }
    case 'tags': {
      const tag = z
        .string()
        .trim()
        .min(1, { message: 'errors.required' })
        .max(f.maxLength ?? 50);
      return z
        .array(tag)
        .max(f.max ?? 50)
        .transform((tags) => [...new Set(tags)]);
    }
    case 'list': {
      const item = z.object(Object.fromEntries(Object.entries(f.of).map(([k, sub]) => [k, fieldSchema(sub, 'item', 'create')])));
      return f.max !== undefined ? z.array(item).max(f.max) : z.array(item);
    }
    case 'json':
      return z.unknown();
  }
}

/** True for the kinds whose create default is an empty list. */
const isListKind = (f: FieldDef) => f.kind === 'list' || f.kind === 'tags' || (f.kind === 'reference' && f.many === true);

/** A field's schema in a create or update body (or a list item). */
function fieldSchema(f: FieldDef | ScalarField, place: Place, op: 'create' | 'update'): z.ZodType {
  const required = f.required === true;
  const base = valueSchema(f, required);
  const hasDefault = 'default' in f && f.default !== undefined;
  if (op === 'create' && required) return base;
  if (op === 'create' && place === 'top') {
    if (hasDefault) return base.default(f.default as never);
    if (isListKind(f)) return base.default([] as never);
  }
  if (op === 'update' && (required || hasDefault || isListKind(f))) return base.optional();
  return base.nullable().optional().transform(emptyToNull(place));
}

/** The query schema of one filter. */
function filterSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'enum':
      return z.enum(f.values).optional();
    case 'boolean':
      return z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional();
    case 'reference':
      return z.uuid().optional();
    case 'number':
    case 'decimal':
      return z.coerce.number().optional();
    default:
      return z
        .string()
        .trim()
        .max('maxLength' in f && f.maxLength !== undefined ? f.maxLength : 200)
        .optional();
  }
}

/** `field:asc|desc` over `fields` → `{ field, desc }` (400 `errors.sort` otherwise). */
export function sortSchema(fields: readonly string[]) {
  return z
    .string()
    .refine(
      (s) => {
        const [field, dir, ...rest] = s.split(':');
        return rest.length === 0 && fields.includes(field) && (dir === 'asc' || dir === 'desc');
      },
      { message: 'errors.sort' },
    )
    .transform((s) => {
      const [field, dir] = s.split(':');
      return { field, desc: dir === 'desc' };
    });
}

/** The list's filter shape (shared by the list and the export): `q` when something is searchable, each filter, `sort`. */
function filterShape(def: ResourceDef): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  if (searchableFields(def).length > 0) shape.q = z.string().trim().max(100).optional();
  for (const { field, param } of filterableFields(def)) shape[param] = filterSchema(def.fields[field]);
  shape.sort = sortSchema(sortableFields(def)).optional();
  return shape;
}

/** The read shape of one field. */
function readSchema(f: FieldDef): z.ZodType {
  const always = f.required === true || f.readOnly === true || ('default' in f && f.default !== undefined) || isListKind(f) || f.kind === 'json';
  let s: z.ZodType;
  switch (f.kind) {
    case 'enum':
      s = z.enum(f.values);
      break;
    case 'number':
    case 'decimal':
      s = z.number();
      break;
    case 'boolean':
      s = z.boolean();
      break;
    case 'reference':
      s = f.readAs
        ? z.array(z.object({ id: z.string(), ...Object.fromEntries(f.readAs.display.map((c) => [c, z.string()])) }))
        : f.many
          ? z.array(z.string())
          : z.string();
      break;
    case 'tags':
      s = z.array(z.string());
      break;
    case 'list':
      s = z.array(z.object(Object.fromEntries(Object.entries(f.of).map(([k, sub]) => [k, readSchema(sub)]))));
      break;
    case 'json':
      s = z.unknown();
      break;
    default:
      s = z.string();
  }
  return always ? s : s.nullable();
}

/** Every schema of a resource (see the file's comment for the rules). */
export interface ResourceSchemas<D extends ResourceDef> {
  /** POST body. */
  create: z.ZodType<ResourceCreateValues<D>, ResourceCreateInput<D>>;
  /** PATCH body: at least one field, unknown keys refused (plus `version` when versioned). */
  update: z.ZodType<ResourceUpdateValues<D>, ResourceUpdateInput<D>>;
  /** One row as answered. */
  read: z.ZodType<ResourceRecord<D>>;
  /** GET list query: paging, `q`, filters, `sort`. */
  listQuery: z.ZodType<ResourceListQuery>;
  /** GET export query: `format` (csv|xlsx, default csv) and the list's filters and sort. */
  exportQuery: z.ZodType<ResourceFilterQuery & { format: (typeof EXPORT_FORMATS)[number] }>;
  /** `:id` params. */
  idParams: z.ZodType<{ id: string }>;
}

/** What a module adds to the derived schemas. */
export interface ResourceSchemaOptions {
  /**
   * Query parameters of the list and the export beyond the definition's filters, or replacing one
   * filter's schema (e.g. a scope `global` | uuid); the repository applies each through its
   * `filters` entry of the same name.
   */
  query?: Record<string, z.ZodType>;
}

/**
 * Derives a resource's zod schemas from its definition (create, update, read, list and export
 * queries, id params); a module extends them only for what the definition cannot say.
 */
export function resourceSchemas<D extends ResourceDef>(def: D, options: ResourceSchemaOptions = {}): ResourceSchemas<D> {
  const writable = writableFields(def);
  const createShape = Object.fromEntries(writable.map((k) => [k, fieldSchema(def.fields[k], 'top', 'create')]));
  const updateShape: Record<string, z.ZodType> = Object.fromEntries(writable.map((k) => [k, fieldSchema(def.fields[k], 'top', 'update')]));
  if (def.versioned) updateShape.version = z.number().int().min(1);
  const update = z
    .object(updateShape)
    .strict()
    .refine((v) => Object.entries(v).some(([k, x]) => k !== 'version' && x !== undefined), { message: 'errors.required' });

  const readShape: Record<string, z.ZodType> = { id: z.string() };
  for (const [k, f] of Object.entries(def.fields)) {
    readShape[f.kind === 'reference' && f.readAs ? f.readAs.key : k] = readSchema(f);
  }
  readShape.createdAt = z.string();
  readShape.updatedAt = z.string();
  if (def.versioned) readShape.version = z.number().int();

  const filters = { ...filterShape(def), ...options.query };
  const paging = def.paging === 'cursor' ? pageQuerySchema.extend({ cursor: z.string().max(4000).optional() }) : pageQuerySchema;
  return {
    create: z.object(createShape) as unknown as ResourceSchemas<D>['create'],
    update: update as unknown as ResourceSchemas<D>['update'],
    read: z.object(readShape) as unknown as ResourceSchemas<D>['read'],
    listQuery: paging.extend(filters) as unknown as ResourceSchemas<D>['listQuery'],
    exportQuery: z.object({ format: z.enum(EXPORT_FORMATS).default('csv'), ...filters }) as unknown as ResourceSchemas<D>['exportQuery'],
    idParams: z.object({ id: z.uuid() }),
  };
}
