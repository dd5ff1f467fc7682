/**
 * The resource kit's words (docs/resource-kit.md "Messages"): a field's label, an enum value's
 * label, a list's sub-field label, optional help and placeholder keys, and the resource's own
 * messages (`resources.<name>.created`…) with the kit's generic `resource.*` ones as fallback.
 * Takes the locale plugin's intl object (only `formatMessage` and `messages` are used), so the
 * derivations run in unit tests without the UI.
 */
import { fieldLabel, type FieldDef, type ResourceDef } from '../../../contracts/resource';

/** What the kit needs of umi's `useIntl()`. */
export interface KitIntl {
  formatMessage: (descriptor: { id: string }, values?: Record<string, string | number>) => string;
  messages: Record<string, unknown>;
}

/** The resource-level messages a resource may word itself (`resources.<name>.<key>`), else `resource.<key>`. */
export type ResourceMessage =
  | 'create'
  | 'edit'
  | 'created'
  | 'saved'
  | 'deleted'
  | 'delete.confirm'
  | 'delete.desc'
  | 'empty'
  | 'search.placeholder'
  | 'export.hint';

/** The words of one resource (see the file's comment). */
export interface ResourceText {
  /** True when the message key exists in the current language. */
  has: (id: string) => boolean;
  /** Formats `id`. */
  t: (id: string, values?: Record<string, string | number>) => string;
  /** Formats the first of `ids` that exists (the last one is used anyway). */
  first: (ids: string[], values?: Record<string, string | number>) => string;
  /** A field's label (`createdAt`/`updatedAt` too). */
  label: (field: string) => string;
  /** An enum value's label: `<valueLabels|resources.<name>.fields.<field>.values>.<value>`, else the value. */
  valueLabel: (field: string, value: string) => string;
  /** A list field's sub-field label. */
  subLabel: (field: string, sub: string) => string;
  /** A field's help under the input, when it has one. */
  help: (field: string) => string | undefined;
  /** A field's placeholder, when it has one. */
  placeholder: (field: string) => string | undefined;
  /** A resource message (see ResourceMessage). */
  msg: (key: ResourceMessage, values?: Record<string, string | number>) => string;
}

/** The words of `def` in the language of `intl`. */
export function resourceText(intl: KitIntl, def: ResourceDef): ResourceText {
  const has = (id: string) => typeof intl.messages[id] === 'string';
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const first = (ids: string[], values?: Record<string, string | number>) => t(ids.find(has) ?? ids[ids.length - 1], values);
  const prefix = (field: string) => `resources.${def.name}.fields.${field}`;
  const optional = (ids: (string | undefined)[]) => {
    const id = ids.find((k): k is string => k !== undefined && has(k));
    return id === undefined ? undefined : t(id);
  };
  const field = (name: string): FieldDef | undefined => def.fields[name];
  return {
    has,
    t,
    first,
    label: (name) => (name === 'createdAt' || name === 'updatedAt' ? first([`${prefix(name)}.label`, `resource.${name}`]) : t(fieldLabel(def, name))),
    valueLabel: (name, value) => {
      const f = field(name);
      const base = f?.kind === 'enum' && f.valueLabels ? f.valueLabels : `${prefix(name)}.values`;
      return has(`${base}.${value}`) ? t(`${base}.${value}`) : value;
    },
    subLabel: (name, sub) => {
      const f = field(name);
      const own = f?.kind === 'list' ? f.of[sub]?.label : undefined;
      return first([own ?? `${prefix(name)}.fields.${sub}.label`, `${prefix(name)}.fields.${sub}.label`]);
    },
    help: (name) => optional([field(name)?.form?.help, `${prefix(name)}.help`]),
    placeholder: (name) => optional([field(name)?.form?.placeholder, `${prefix(name)}.placeholder`]),
    msg: (key, values) => first([`resources.${def.name}.${key}`, `resource.${key}`], values),
  };
}

/**
 * A row's title in messages ("Client “Acme” created"): its `name` field when it has one, else
 * the recycle label's fields joined by a space, else its id.
 */
export function rowTitle(def: ResourceDef, row: Record<string, unknown>): string {
  if ('name' in def.fields && typeof row.name === 'string' && row.name !== '') return row.name;
  if (def.deletion.mode === 'recycle') {
    const parts = def.deletion.label.map((k) => row[k]).filter((v) => v !== null && v !== undefined && v !== '');
    if (parts.length > 0) return parts.join(' ');
  }
  return String(row.id ?? '');
}
