/**
 * Placeholders in the texts of the notify and webhook actions (docs/outbound.md "Placeholders"):
 * `{{name}}` is replaced by a value of the event, nothing is evaluated (no expressions, no code).
 *
 * - `{{<field key>}}`: the record's value (after the change; before it for a deletion);
 * - `{{before.<key>}}`, `{{after.<key>}}`: the value before / after the change;
 * - `{{record.id}}`, `{{changed}}` (the changed field keys, comma-separated), `{{event.kind}}`,
 *   `{{event.application}}`, `{{event.subject}}`, `{{trigger.id}}`, `{{trigger.name}}`,
 *   `{{delivery.id}}` (webhook).
 * An unknown name gives an empty value. Bounds: a template of at most TEMPLATE_LIMITS.template
 * characters, each value cut to TEMPLATE_LIMITS.value characters, the result to TEMPLATE_LIMITS.output.
 */
import type { TriggerEvent } from '../action-types';

/** Characters of a template, of one inserted value, and of a rendered text. */
export const TEMPLATE_LIMITS = { template: 20_000, value: 2_000, output: 100_000 } as const;

/** `{{ name }}`: a name of letters, digits, `_`, `.`, `-` (up to 100 characters); linear to match. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]{0,99})\s*\}\}/g;

/** What placeholders read: the event, the trigger, and extra names (`delivery.id`). */
export interface TemplateScope {
  event: TriggerEvent;
  trigger: { id: string; name: string };
  extra?: Record<string, unknown>;
}

/** The value a placeholder names, or undefined. */
export function placeholderValue(scope: TemplateScope, name: string): unknown {
  const { event } = scope;
  if (scope.extra && name in scope.extra) return scope.extra[name];
  const record = event.after ?? event.before ?? {};
  const dot = name.indexOf('.');
  if (dot < 0) return name === 'changed' && !(name in record) ? (event.changed ?? []).join(', ') : record[name];
  const head = name.slice(0, dot);
  const rest = name.slice(dot + 1);
  switch (head) {
    case 'before':
      return event.before?.[rest];
    case 'after':
      return event.after?.[rest];
    case 'record':
      return rest === 'id' ? event.recordId : record[rest];
    case 'event':
      return rest === 'kind'
        ? event.kind
        : rest === 'application'
          ? event.application
          : rest === 'subject'
            ? event.subject
            : undefined;
    case 'trigger':
      return rest === 'id' ? scope.trigger.id : rest === 'name' ? scope.trigger.name : undefined;
    default:
      return undefined;
  }
}

/** A value as text: '' for none, arrays joined with ', ', objects as JSON; cut to TEMPLATE_LIMITS.value. */
export function valueText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (Array.isArray(value))
    text = value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', ');
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return text.length > TEMPLATE_LIMITS.value ? text.slice(0, TEMPLATE_LIMITS.value) : text;
}

/**
 * Renders `template`: each placeholder replaced by its value as text (`mode: 'text'`) or as JSON
 * (`mode: 'json'`: strings quoted and escaped, numbers and booleans bare, none = null; so that
 * `{"title": {{title}}}` stays valid JSON). The template is cut to TEMPLATE_LIMITS.template
 * characters first, the result to TEMPLATE_LIMITS.output.
 */
export function renderTemplate(template: string, scope: TemplateScope, mode: 'text' | 'json' = 'text'): string {
  const source = template.slice(0, TEMPLATE_LIMITS.template);
  const out = source.replace(PLACEHOLDER, (_, name: string) => {
    const value = placeholderValue(scope, name);
    if (mode === 'text') return valueText(value);
    if (value === undefined || value === null) return 'null';
    if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
    if (typeof value === 'string') return JSON.stringify(valueText(value));
    const json = JSON.stringify(value);
    return json.length > TEMPLATE_LIMITS.value ? JSON.stringify(valueText(value)) : json;
  });
  return out.length > TEMPLATE_LIMITS.output ? out.slice(0, TEMPLATE_LIMITS.output) : out;
}

/** `text` with `& < > " '` escaped for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
