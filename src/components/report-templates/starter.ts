/**
 * The starter body of a new template: a heading with the record's title, a table of its fields and,
 * for each related list, a table looping over its records. Liquid over the data model of
 * server/src/modules/report-templates/render/model.ts (`record.<key>`, `record.<relation>` a list of
 * records with their own `<key>`s and `title`).
 */
import type { Field } from '../../../contracts';

/** Escapes text for the HTML of the template (field names are user text). */
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The placeholder of field `key` of `root` (`record` or a loop variable). */
export const placeholder = (root: string, key: string) => `{{ ${root}.${key} }}`;

/** A loop over the related list `key`, with one row per related record of `fields`. */
export function loopSnippet(key: string, fields: Pick<Field, 'key' | 'name' | 'type'>[]): string {
  const shown = fields.filter((f) => f.type !== 'relation').slice(0, 6);
  const head = shown.map((f) => `<th>${esc(f.name)}</th>`).join('');
  const cells = shown.map((f) => `<td>${placeholder('item', f.key)}</td>`).join('');
  return `<table>\n  <thead><tr>${head}</tr></thead>\n  <tbody>\n  {% for item in record.${key} %}\n    <tr>${cells}</tr>\n  {% endfor %}\n  </tbody>\n</table>\n`;
}

/** The starter body for a subject's `fields` and the chosen related lists (`relations`: key → its target's fields). */
export function starterBody(
  subjectName: string,
  fields: Pick<Field, 'key' | 'name' | 'type'>[],
  relations: { key: string; name: string; fields: Pick<Field, 'key' | 'name' | 'type'>[] }[],
): string {
  const rows = fields
    .filter((f) => f.type !== 'relation')
    .map((f) => `  <tr><th>${esc(f.name)}</th><td>${placeholder('record', f.key)}</td></tr>`)
    .join('\n');
  const lists = relations.map((r) => `<h2>${esc(r.name)}</h2>\n${loopSnippet(r.key, r.fields)}`).join('\n');
  return `<h1>${esc(subjectName)}: {{ record.title }}</h1>\n<table>\n${rows}\n</table>\n${lists}`;
}

/**
 * The starter body of a template bound to a saved record query: a heading with the query's name and
 * the row count, and a table looping over `rows` with a column per query column (`r["<name>"]`:
 * column names may hold dots, e.g. `client.name`).
 */
export function queryStarterBody(queryName: string, columns: string[]): string {
  const shown = columns.slice(0, 12);
  const head = shown.map((c) => `<th>${esc(c)}</th>`).join('');
  const cells = shown.map((c) => `<td>{{ r["${c.replace(/["\\]/g, '')}"] }}</td>`).join('');
  return `<h1>${esc(queryName)} ({{ rows | size }})</h1>\n<table>\n  <thead><tr>${head}</tr></thead>\n  <tbody>\n  {% for r in rows %}\n    <tr>${cells}</tr>\n  {% endfor %}\n  </tbody>\n</table>\n`;
}
