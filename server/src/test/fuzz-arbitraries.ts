/**
 * Generators of the API fuzz test (fuzz.test.ts; not a test file): hostile values (NUL bytes,
 * lone surrogates, very long strings, unicode, ids that are not uuids, numbers and dates out of
 * range, broken keyset cursors, nested objects) and request parts built from an operation's
 * OpenAPI schemas, mixed with plausible values and the real ids and field keys of the fuzz world
 * so that requests get past the first checks and reach the services and SQL.
 */
import fc from 'fast-check';

/** A JSON schema as the OpenAPI document holds it (only what the generators read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
  default?: unknown;
}

/** What the generators know of the world: real ids (by collection), field keys, a real cursor. */
export interface FuzzContext {
  /** Every real id of the world (users, records, subjects, groups…). */
  ids: string[];
  /** The fuzzed subject's field keys (record values, filters, sorts, columns). */
  fieldKeys: string[];
  /** Real values of query parameters by name (e.g. a view share's `token`). */
  queryValues: Record<string, string>;
  /** Real `nextCursor`s of record lists (to tamper with), and the sort each belongs to. */
  cursors: { cursor: string; sort: string }[];
}

/** Strings with a NUL byte (PostgreSQL refuses U+0000 in text and jsonb: SQLSTATE 22P05/22021). */
export const nulString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000', 'title\u0000', '00000000-0000-4000-8000-00000000000\u0000'),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
);

/** Strings that look like ids but are not uuids. */
export const notUuid = fc.constantFrom(
  'abc',
  '1',
  '0',
  '-1',
  'null',
  'undefined',
  '00000000-0000-4000-8000-00000000000',
  '00000000-0000-4000-8000-0000000000000',
  '00000000-0000-4000-8000-00000000000g',
  '{00000000-0000-4000-8000-000000000000}',
  ' 00000000-0000-4000-8000-000000000000 ',
  "' or '1'='1",
  '../../etc/passwd',
  '%00',
  '🙂',
);

/** Texts PostgreSQL would refuse as numbers, dates or times, or that are out of their ranges. */
export const badScalarText = fc.constantFrom(
  '1e999',
  '-1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999999999999999999999',
  '1'.repeat(1100),
  '0x10',
  '2020-02-30',
  '2020-13-01',
  '0000-00-00',
  '10000-01-01',
  '-infinity',
  '294277-01-01',
  '4714-11-24 BC',
  '2020-01-01T25:61:61Z',
  '2020-01-01T00:00:00+99:00',
  'yesterday',
  'true',
  '',
  ' ',
);

/** Hostile strings of every kind named in this file's header. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: nulString },
  { weight: 2, arbitrary: notUuid },
  { weight: 2, arbitrary: badScalarText },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', 'a\udfffb', '\ud83d', '\uffff', '\u202e', '\ufeff') },
  { weight: 1, arbitrary: fc.constantFrom(1000, 5000, 70_000).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Hostile numbers (JSON-safe: no NaN/Infinity, which JSON.stringify turns into null). */
export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e21, 0.1, 123456789.12345679),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, nested a few levels, with hostile leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), nulString), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A string worth trying where a string is expected: mostly plausible, often hostile. */
export function stringArb(ctx: FuzzContext, schema: JsonSchema = {}): fc.Arbitrary<string> {
  const plausible: fc.Arbitrary<string>[] = [fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) })];
  if (ctx.ids.length) plausible.push(fc.constantFrom(...ctx.ids));
  if (ctx.fieldKeys.length) plausible.push(fc.constantFrom(...ctx.fieldKeys));
  if (schema.format === 'uuid') plausible.push(fc.uuid());
  if (schema.format === 'email') plausible.push(fc.emailAddress());
  if (schema.format === 'date-time' || schema.format === 'date') plausible.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  return fc.oneof({ weight: 2, arbitrary: fc.oneof(...plausible) }, { weight: 1, arbitrary: hostileString });
}

/** A filter group (contracts FilterGroup) over the world's fields with hostile values. */
export function filterArb(ctx: FuzzContext): fc.Arbitrary<unknown> {
  const field = fc.oneof(fc.constantFrom(...ctx.fieldKeys, 'id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'), stringArb(ctx));
  const op = fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn', 'hasAny', 'hasAll', 'empty', 'notEmpty');
  const value = fc.oneof(stringArb(ctx), hostileNumber, fc.array(stringArb(ctx), { maxLength: 3 }), hostileJson);
  const condition = fc.record({ field, op, value }, { requiredKeys: ['field', 'op'] });
  return fc.letrec<{ group: unknown }>((tie) => ({
    group: fc.record({
      op: fc.oneof(fc.constantFrom('and', 'or'), hostileString),
      items: fc.array(fc.oneof({ depthSize: 'small' }, condition, tie('group')), { maxLength: 3 }),
    }),
  })).group;
}

/** A sort parameter `key:asc,key2:desc` over the world's fields, or junk. */
export function sortParamArb(ctx: FuzzContext): fc.Arbitrary<string> {
  const part = fc.tuple(fc.constantFrom(...ctx.fieldKeys, 'createdAt', 'id'), fc.constantFrom('asc', 'desc')).map(([k, o]) => `${k}:${o}`);
  return fc.oneof(fc.array(part, { minLength: 1, maxLength: 3 }).map((p) => p.join(',')), hostileString);
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Keyset cursors: real ones tampered with, well-formed ones with hostile values, and junk. */
export function cursorArb(ctx: FuzzContext): fc.Arbitrary<string> {
  const sorts = ['createdAt:desc', ...ctx.cursors.map((c) => c.sort)];
  const shaped = fc
    .record({
      s: fc.oneof(fc.constantFrom(...sorts), hostileString),
      v: fc.oneof(fc.array(fc.oneof(hostileString, fc.constant(null), hostileNumber), { minLength: 1, maxLength: 2 }), hostileJson),
      id: fc.oneof(fc.uuid(), hostileString, hostileNumber),
    })
    .map(b64);
  const arbs: fc.Arbitrary<string>[] = [
    shaped,
    hostileString,
    hostileJson.map(b64),
    fc.string({ maxLength: 40 }).map(b64),
    fc.constantFrom('!!!', '====', 'e30', b64('{"s":'), b64('[]'), b64('null'), b64('{"s":"createdAt:desc","v":["x"],"id":"nope"}')),
  ];
  if (ctx.cursors.length) {
    const real = fc.constantFrom(...ctx.cursors.map((c) => c.cursor));
    arbs.push(
      fc.tuple(real, fc.nat(), fc.constantFrom('A', '_', '-', 'z', '0')).map(([c, i, ch]) => c.slice(0, i % c.length) + ch + c.slice((i % c.length) + 1)),
      fc.tuple(real, hostileString).map(([c, s]) => {
        const decoded = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as { s: string; v: unknown[]; id: string };
        return b64({ ...decoded, v: decoded.v.map(() => s) });
      }),
      fc.tuple(real, hostileString).map(([c, s]) => {
        const decoded = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as { s: string; v: unknown[]; id: string };
        return b64({ ...decoded, id: s });
      }),
    );
  }
  return fc.oneof(...arbs);
}

/**
 * A `sort` and a `cursor` that belong together: a real cursor of that sort with its values or id
 * replaced by hostile ones, or its text tampered with (what gets past the sort check to the cast);
 * `defaultSortOnly` for lists whose sort is not a parameter (a view's rows: its own, by default
 * `createdAt:desc`).
 */
export function sortedCursorArb(ctx: FuzzContext, defaultSortOnly = false): fc.Arbitrary<{ sort: string; cursor: string }> {
  const cursors = defaultSortOnly ? ctx.cursors.filter((c) => c.sort === 'createdAt:desc') : ctx.cursors;
  if (!cursors.length) return fc.record({ sort: sortParamArb(ctx), cursor: cursorArb(ctx) });
  return fc.tuple(fc.constantFrom(...cursors), fc.oneof(hostileString, fc.constant(null)), fc.nat(), fc.constantFrom('values', 'id', 'flip')).map(([real, value, i, how]) => {
    const decoded = JSON.parse(Buffer.from(real.cursor, 'base64url').toString('utf8')) as { s: string; v: unknown[]; id: string };
    const sort = real.sort;
    if (how === 'flip') return { sort, cursor: real.cursor.slice(0, i % real.cursor.length) + 'A' + real.cursor.slice((i % real.cursor.length) + 1) };
    if (how === 'id') return { sort, cursor: b64({ ...decoded, id: value ?? '' }) };
    return { sort, cursor: b64({ ...decoded, v: decoded.v.map((old, k) => (k === i % decoded.v.length ? value : old)) }) };
  });
}

/** A query parameter's value (as text) from its schema and name. */
export function queryValueArb(ctx: FuzzContext, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  if (name === 'cursor') return cursorArb(ctx);
  if (name === 'filter') return fc.oneof(filterArb(ctx).map((f) => JSON.stringify(f)), hostileString);
  if (name === 'sort') return sortParamArb(ctx);
  const real = ctx.queryValues[name];
  if (real !== undefined) return fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, { weight: 2, arbitrary: stringArb(ctx, schema) });
  return valueArb(ctx, schema, 2, name).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
}

/** The schema a `$ref` names, or undefined when the document does not hold it. */
export type RefResolver = (ref: string) => JsonSchema | undefined;

let resolveRef: RefResolver = () => undefined;
/** Sets how `$ref`s are resolved (the OpenAPI document's components). */
export function setRefResolver(fn: RefResolver): void {
  resolveRef = fn;
}

/**
 * A value for `schema` (depth-bounded): schema-shaped values with plausible or hostile leaves, or
 * (one time in five) any hostile JSON. Properties named `filter` get filters, `ids` real ids.
 */
export function valueArb(ctx: FuzzContext, schema: JsonSchema | undefined, depth: number, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shapedArb(ctx, schema, depth, name) }, { weight: 1, arbitrary: hostileJson });
}

function shapedArb(ctx: FuzzContext, schema: JsonSchema | undefined, depth: number, name: string): fc.Arbitrary<unknown> {
  if (name === 'filter') return filterArb(ctx);
  if (!schema || depth < 0) return hostileJson;
  if (schema.$ref) return valueArb(ctx, resolveRef(schema.$ref), depth - 1, name);
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: fc.constant(null) }) : a);
  if (schema.enum?.length) return nullable(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString }));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => shapedArb(ctx, v, depth - 1, name)));
  if (schema.allOf?.length) return shapedArb(ctx, schema.allOf[0], depth - 1, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) shape[key] = valueArb(ctx, sub, depth - 1, key);
      const known = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      // free-form maps (record values, settings…): the world's field keys, random and NUL keys
      const extraKey = fc.oneof(fc.constantFrom(...ctx.fieldKeys), fc.string({ maxLength: 8 }), nulString);
      const extras = fc.dictionary(extraKey, fc.oneof(stringArb(ctx), hostileNumber, hostileJson), { maxKeys: Object.keys(props).length ? 2 : 5 });
      return nullable(fc.tuple(known, extras).map(([k, e]) => ({ ...e, ...k })));
    }
    case 'array': {
      const item = name === 'ids' || name.endsWith('Ids') ? fc.oneof(fc.constantFrom(...ctx.ids), stringArb(ctx)) : valueArb(ctx, schema.items, depth - 1);
      return nullable(fc.array(item, { maxLength: 4 }));
    }
    case 'string':
      return nullable(stringArb(ctx, schema));
    case 'integer':
      return nullable(
        fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: Math.max(schema.minimum ?? -10, -10), max: Math.min(schema.maximum ?? 100, 100) }) },
          { weight: 2, arbitrary: hostileNumber },
          { weight: 1, arbitrary: hostileString },
        ),
      );
    case 'number':
      return nullable(fc.oneof(hostileNumber, hostileString));
    case 'boolean':
      return nullable(fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileString }));
    default:
      return hostileJson;
  }
}

/** `text` percent-encoded byte by byte (UTF-8; a lone surrogate becomes U+FFFD, as a browser sends it). */
export function encodeSegment(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A path parameter: a real value of the world (when there is one) or junk, percent-encoded. */
export function pathValueArb(real: string | undefined): fc.Arbitrary<string> {
  const junk = fc.oneof(
    hostileString.map((s) => encodeSegment(s.slice(0, 300))),
    fc.constantFrom('%00', 'a%00b', '%', '%zz', '%C0%80', '%FF', '%E2%82', '..', '%2e%2e', '%2F'),
    fc.uuid(),
  );
  return real === undefined ? junk : fc.oneof({ weight: 3, arbitrary: fc.constant(encodeSegment(real)) }, { weight: 2, arbitrary: junk });
}

/** A small multipart/form-data body with one file part (uploads and imports). */
export const multipartArb = fc
  .record({
    fileName: fc.oneof(fc.constantFrom('a.csv', 'a.txt', 'a.xlsx', 'x'), hostileString.map((s) => s.slice(0, 200))),
    content: fc.oneof(
      fc.constantFrom('title,amount\nfirst,1\n', 'title\n\u0000\n', 'title,amount\na\u0000b,1e999\n', '', '\ufeffa;b\n1;2\n').map((s) => Buffer.from(s)),
      fc
        .array(hostileString.map((s) => s.slice(0, 200).replace(/[\n,"]/g, ' ')), { minLength: 1, maxLength: 4 })
        .map((cells) => Buffer.from(`title,amount\n${cells.join(',')}\n`)),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    ),
    field: fc.oneof(fc.constant('file'), hostileString.map((s) => s.slice(0, 50))),
  })
  .map(({ fileName, content, field }) => {
    const boundary = '----assayfuzz';
    const safe = (s: string) => s.replace(/["\r\n]/g, '_');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(field)}"; filename="${safe(fileName)}"\r\nContent-Type: text/csv\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}`, describe: `multipart ${JSON.stringify(field)} file ${JSON.stringify(fileName)}: ${JSON.stringify(content.subarray(0, 120).toString('latin1'))}` };
  });
