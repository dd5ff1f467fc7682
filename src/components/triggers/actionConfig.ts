/**
 * The configuration of the built-in action types (docs/triggers.md "Action types",
 * docs/outbound.md) as form values and back, and the server's field errors (`config.<path>`) as the
 * form's field names (a list's own error, `set` or `headers`, on the list). Pure: ActionConfigForm (ActionConfigForm.tsx) uses it, jest tests it.
 *
 * The shapes follow the server's zod schemas (server/src/modules/triggers/actions/*.action.ts):
 * - notify: `{ recipients: { users, groups, field? }, title, body, email }`;
 * - webhook: `{ url, method, headers: { name: value }, secretVariable?, timeoutMs, bodyTemplate? }`
 *   (the form shows the time-out in seconds, 1–30; headers as rows);
 * - update_record: `{ subject?, recordId?, set: [{ field, value } | { field, formula }] }`;
 * - create_record: `{ subject, set: [...] }`.
 * Optional keys left empty in the form are left out of the configuration (the server's defaults apply).
 */

/** The types that have a form; any other type is edited as JSON. */
export const FORM_TYPES = ['notify', 'webhook', 'update_record', 'create_record'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const hasForm = (type: string | undefined): type is FormType => FORM_TYPES.includes(type as FormType);

/** The webhook's time-out bounds and default, in ms (webhook.action.ts, lib/outbound-http OUTBOUND_TIMEOUT_MS.default). */
export const WEBHOOK_TIMEOUT_MS = { min: 1_000, max: 30_000, default: 10_000 } as const;
export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** One row of fields a record step sets: a constant or a formula. */
export interface SetRow {
  field?: string;
  mode: 'value' | 'formula';
  value?: unknown;
  formula?: string;
}

export interface NotifyValues {
  users: string[];
  groups: string[];
  field?: string;
  title: string;
  body: string;
  email: boolean;
}

export interface WebhookValues {
  url: string;
  method: (typeof WEBHOOK_METHODS)[number];
  secretVariable?: string;
  /** Seconds. */
  timeout: number;
  headers: { name?: string; value?: string }[];
  bodyTemplate?: string;
}

export interface RecordValues {
  subject?: string;
  recordId?: string;
  set: SetRow[];
}

export type FormValues = NotifyValues | WebhookValues | RecordValues;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const trimmed = (v: string | undefined) => (v ?? '').trim() || undefined;

/** The form values of `config` for `type` (missing or odd keys get the form's defaults). */
export function toFormValues(type: FormType, config: unknown): FormValues {
  const c = obj(config);
  switch (type) {
    case 'notify': {
      const r = obj(c.recipients);
      return {
        users: strings(r.users),
        groups: strings(r.groups),
        field: str(r.field),
        title: typeof c.title === 'string' ? c.title : '',
        body: typeof c.body === 'string' ? c.body : '',
        email: c.email === true,
      };
    }
    case 'webhook': {
      const ms = typeof c.timeoutMs === 'number' ? c.timeoutMs : WEBHOOK_TIMEOUT_MS.default;
      return {
        url: typeof c.url === 'string' ? c.url : '',
        method: WEBHOOK_METHODS.includes(c.method as never) ? (c.method as WebhookValues['method']) : 'POST',
        secretVariable: str(c.secretVariable),
        timeout: Math.round(ms / 1000),
        headers: Object.entries(obj(c.headers)).map(([name, value]) => ({ name, value: String(value) })),
        bodyTemplate: str(c.bodyTemplate),
      };
    }
    case 'update_record':
    case 'create_record':
      return {
        subject: str(c.subject),
        recordId: type === 'update_record' ? str(c.recordId) : undefined,
        set: (Array.isArray(c.set) ? c.set : []).map((s) => {
          const row = obj(s);
          return row.formula !== undefined
            ? { field: str(row.field), mode: 'formula' as const, formula: String(row.formula) }
            : { field: str(row.field), mode: 'value' as const, value: row.value ?? null };
        }),
      };
  }
}

/** The configuration of the form values `v` for `type`, as the server's schema takes it. */
export function toConfig(type: FormType, v: Partial<FormValues>): Obj {
  switch (type) {
    case 'notify': {
      const n = v as Partial<NotifyValues>;
      const field = trimmed(n.field);
      return {
        recipients: { users: n.users ?? [], groups: n.groups ?? [], ...(field ? { field } : {}) },
        title: n.title ?? '',
        body: n.body ?? '',
        email: n.email === true,
      };
    }
    case 'webhook': {
      const w = v as Partial<WebhookValues>;
      const headers: Record<string, string> = {};
      for (const h of w.headers ?? []) if (h?.name?.trim()) headers[h.name.trim()] = h.value ?? '';
      const secret = trimmed(w.secretVariable);
      const body = w.bodyTemplate?.trim() ? w.bodyTemplate : undefined;
      return {
        url: (w.url ?? '').trim(),
        method: w.method ?? 'POST',
        headers,
        ...(secret ? { secretVariable: secret } : {}),
        timeoutMs: Math.round((w.timeout ?? WEBHOOK_TIMEOUT_MS.default / 1000) * 1000),
        ...(body ? { bodyTemplate: body } : {}),
      };
    }
    case 'update_record':
    case 'create_record': {
      const r = v as Partial<RecordValues>;
      const subject = trimmed(r.subject);
      const recordId = type === 'update_record' ? trimmed(r.recordId) : undefined;
      const set = (r.set ?? []).map((s) =>
        s?.mode === 'formula'
          ? { field: s.field ?? '', formula: s.formula ?? '' }
          : { field: s?.field ?? '', value: s?.value === undefined ? null : s.value },
      );
      return type === 'update_record'
        ? { ...(subject ? { subject } : {}), ...(recordId ? { recordId } : {}), set }
        : { subject: subject ?? '', set };
    }
  }
}

/**
 * The form field a server error names, for `type`: `path` is relative to the configuration
 * (`recipients`, `url`, `set.0.value`, `headers.X-Foo`); `values` are the current form values
 * (a header error names the header's row). Undefined when no field of the form holds it (the
 * caller shows it above the form).
 */
export function formFieldOf(type: FormType, path: string, values: Partial<FormValues>): (string | number)[] | undefined {
  const parts = path.split('.').filter(Boolean);
  const [head, second, third] = parts;
  switch (type) {
    case 'notify':
      if (head === 'recipients') return second === 'groups' ? ['groups'] : second === 'field' ? ['field'] : ['users'];
      return ['title', 'body', 'email'].includes(head) ? [head] : undefined;
    case 'webhook': {
      if (head === 'timeoutMs') return ['timeout'];
      if (head === 'headers') {
        const name = parts.slice(1).join('.');
        const i = ((values as Partial<WebhookValues>).headers ?? []).findIndex((h) => h?.name?.trim() === name);
        return i >= 0 ? ['headers', i, 'name'] : ['headers'];
      }
      return ['url', 'method', 'secretVariable', 'bodyTemplate'].includes(head) ? [head] : undefined;
    }
    default: {
      if (head === 'set' && second !== undefined && /^\d+$/.test(second)) {
        const i = Number(second);
        const row = (values as Partial<RecordValues>).set?.[i];
        if (third === 'field') return ['set', i, 'field'];
        return ['set', i, row?.mode === 'formula' ? 'formula' : 'value'];
      }
      if (head === 'set') return ['set'];
      return ['subject', 'recordId'].includes(head) ? [head] : undefined;
    }
  }
}

/** The placeholders every event offers (template.ts), besides the record's field keys. */
export const EVENT_PLACEHOLDERS = ['record.id', 'changed', 'event.kind', 'event.subject', 'trigger.name'] as const;

/** `text` with `{{name}}` appended (a space before it unless the text is empty or ends in white space). */
export function withPlaceholder(text: string | undefined, name: string): string {
  const t = text ?? '';
  return `${t}${t && !/\s$/.test(t) ? ' ' : ''}{{${name}}}`;
}
