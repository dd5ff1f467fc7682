/**
 * The completeness check of a render (docs/report-rendering.md "Completeness"): after every render,
 *  - every placeholder resolves: each variable path liquidjs' static analysis finds in the template
 *    (`analyzeSync`, partials included) is looked up in the model; a path through a loop variable
 *    (`{% for item in record.items %}…{{ item.amount }}`) is looked up in every row of the loop's
 *    data, so the missing field is named with the row's record id. A value that is undefined, null
 *    or '' is `unresolved`;
 *  - every loop renders all of its data: a loop with `limit:`/`offset:` that leaves rows out, or over
 *    a list the model holds fewer rows of than exist (a relation past RENDER_RELATED_MAX), is a
 *    `truncated-loop`;
 *  - the output holds no `undefined`, `null`, `NaN` or `[object Object]` text (`bad-text`).
 * The render is complete when the list is empty.
 */
import type { Liquid, Template } from 'liquidjs';
import type { RenderMissing } from '../../../../../contracts/report-templates.constants';
import type { ReportDataModel } from './model';

/** A for loop of the template's source: alias, collection path text, arguments and the source range it covers. */
interface Loop {
  alias: string;
  collection: string;
  args: string;
  start: number;
  end: number;
}

/** The for loops of `source` by a scan of its tags (nesting by a stack of for/endfor). */
function loopsOf(source: string): Loop[] {
  const loops: Loop[] = [];
  const stack: Loop[] = [];
  const re = /\{%-?\s*(for|endfor)\b([\s\S]*?)-?%\}/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m[1] === 'for') {
      const parts = /^\s*(\w+)\s+in\s+([^\s]+)([\s\S]*)$/.exec(m[2] ?? '');
      const loop: Loop = { alias: parts?.[1] ?? '', collection: parts?.[2] ?? '', args: parts?.[3] ?? '', start: m.index, end: source.length };
      stack.push(loop);
      loops.push(loop);
    } else {
      const loop = stack.pop();
      if (loop) loop.end = m.index;
    }
  }
  return loops;
}

/** Path text `a.b[0]["c"]` as segments; undefined when it holds anything but names and literal indexes. */
function segmentsOf(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  const re = /(?:^|\.)([A-Za-z_][\w-]*)|\[(\d+)\]|\[["']([^"']*)["']\]/y;
  let pos = 0;
  while (pos < path.length) {
    re.lastIndex = pos;
    const m = re.exec(path);
    if (!m) return undefined;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[3]!));
    pos = re.lastIndex;
  }
  return out;
}

const own = (o: unknown, k: string | number) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

/** One step as liquidjs takes it (own properties; `size`, `first`, `last` of arrays and strings). */
function step(value: unknown, key: string | number): unknown {
  if (value === null || value === undefined) return undefined;
  if (key === 'size' && (Array.isArray(value) || typeof value === 'string')) return value.length;
  if (Array.isArray(value) && key === 'first') return value[0];
  if (Array.isArray(value) && key === 'last') return value[value.length - 1];
  return own(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A value in context: the value and the record it belongs to (for naming it). */
interface Bound {
  value: unknown;
  recordId: string | null;
  /** The canonical path of the value (`record.items`), for messages. */
  path: string;
}

const BUILTIN_ROOTS = new Set(['forloop', 'tablerowloop', 'page', 'pages', 'locale', 'empty', 'blank', 'nil', 'null', 'true', 'false']);

/**
 * The completeness check of one render (module comment).
 * @param engine the engine that rendered (its partials are analysed too)
 * @param templates the parsed body; `source` its text (for the loops' ranges); `output` the rendered text
 */
export function checkCompleteness(input: {
  engine: Liquid;
  templates: Template[];
  source?: string;
  model: ReportDataModel;
  output: string;
  recordId: string | null;
}): RenderMissing[] {
  const { engine, templates, model, output, recordId } = input;
  const source = input.source ?? '';
  const missing: RenderMissing[] = [];
  const seen = new Set<string>();
  const add = (m: RenderMissing) => {
    const key = `${m.kind}|${m.recordId}|${m.field}`;
    if (seen.has(key)) return;
    seen.add(key);
    missing.push(m);
  };
  const loops = loopsOf(source);
  const root: Record<string, unknown> = { ...model };

  /** Every value `segments` reaches at source offset `at` (one per row of the enclosing loops). */
  const resolve = (segments: (string | number)[], at: number, depth = 0): Bound[] => {
    const [head, ...rest] = segments;
    if (head === undefined || depth > 10) return [];
    const loop = loops.filter((l) => l.alias === head && l.start < at && at <= l.end).sort((a, b) => b.start - a.start)[0];
    let bases: Bound[];
    if (loop) {
      const collection = segmentsOf(loop.collection);
      if (!collection) return [];
      bases = [];
      for (const c of resolve(collection, loop.start, depth + 1)) {
        if (!Array.isArray(c.value)) continue;
        for (const row of c.value) {
          const id = own(row, 'id') ? String((row as { id: unknown }).id) : c.recordId;
          bases.push({ value: row, recordId: id, path: c.path });
        }
      }
    } else {
      bases = [{ value: step(root, head), recordId: head === 'record' ? recordId : null, path: String(head) }];
    }
    return bases.map((b) => {
      let v = b.value;
      let path = b.path;
      for (const s of rest) {
        v = step(v, s);
        path += typeof s === 'number' ? `[${s}]` : `.${s}`;
      }
      return { value: v, recordId: b.recordId, path };
    });
  };

  // 1. placeholders
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  {
    const analysis = engine.analyzeSync(templates);
    const locals = new Set(Object.keys(analysis.locals));
    for (const [name, vars] of Object.entries(analysis.variables)) {
      if (BUILTIN_ROOTS.has(name) || locals.has(name)) continue;
      for (const v of vars) {
        if (v.segments.some((s) => typeof s !== 'string' && typeof s !== 'number')) continue;
        const segments = v.segments as (string | number)[];
        const inPartial = v.location.file !== undefined;
        const at = inPartial ? source.length + 1 : (lineStarts[v.location.row - 1] ?? 0) + v.location.col - 1;
        for (const b of resolve(segments, at)) {
          if (isEmpty(b.value)) add({ recordId: b.recordId, kind: 'unresolved', field: b.path });
        }
      }
    }
  }

  // 2. loops
  for (const loop of loops) {
    const collection = segmentsOf(loop.collection);
    if (!collection) continue;
    const limit = /\blimit\s*:\s*([^\s,]+)/.exec(loop.args)?.[1];
    const offset = /\boffset\s*:\s*([^\s,]+)/.exec(loop.args)?.[1];
    for (const c of resolve(collection, loop.start)) {
      if (!Array.isArray(c.value)) continue;
      const list = model.schema.lists[c.path];
      const n = c.value.length;
      if (list && list.total > list.loaded) {
        add({ recordId: c.recordId, kind: 'truncated-loop', field: c.path, detail: `${list.loaded} of ${list.total} rows loaded` });
      }
      const lim = limit === undefined ? undefined : Number(limit);
      const off = offset === undefined ? 0 : Number(offset);
      if ((lim !== undefined && !(lim >= n - (Number.isFinite(off) ? off : 0))) || !Number.isFinite(off) || off > 0) {
        add({ recordId: c.recordId, kind: 'truncated-loop', field: c.path, detail: `loop shows ${limit ? `limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''} of ${n} rows`.replace('  ', ' ') });
      }
    }
  }

  // 3. bad text (outside tags)
  const text = output.replace(/<[^>]*>/g, ' ');
  for (const m of text.matchAll(/\b(undefined|null|NaN)\b|\[object Object\]/g)) {
    add({ recordId, kind: 'bad-text', field: m[0] });
  }
  return missing;
}
