/**
 * Pure formatting of field values (contracts/records.ts gives each type's JSON shape): decimals
 * stay strings end to end (Intl.NumberFormat formats a decimal string exactly, no float on the
 * way), dates have no time zone, datetimes are UTC shown in the browser's zone.
 */
import dayjs from 'dayjs';
import type { Field } from '../../../contracts';

/** Intl's "string numeric literal" input (formatted exactly, ES2023). */
type Decimal = Parameters<Intl.NumberFormat['format']>[0];

/** A decimal string or JSON number, or null when the value is not a finite number. */
export function toDecimal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.trim())) return value.trim();
  return null;
}

/**
 * What a number input holds for `text` as typed: null when blank; a plain decimal without spaces,
 * thousands separators or a leading '+' when it is one ("1,234.50" → "1234.50"); otherwise the
 * text itself ("abc", "1e5"), kept so the field's rule names the error and the form keeps what
 * was typed instead of dropping it.
 */
export function typedDecimal(text: string): string | null {
  if (text.trim() === '') return null;
  const bare = text.replace(/[\s,，_]/g, '').replace(/^\+/, '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(bare) ? bare : text;
}

/** Formatters by locale and options: building an Intl.NumberFormat costs far more than using one (grids format thousands of cells). */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, precision: number | undefined, extra: Intl.NumberFormatOptions = {}) {
  const key = `${locale}|${precision ?? ''}|${extra.style ?? ''}|${extra.currency ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...extra,
      minimumFractionDigits: precision ?? 0,
      maximumFractionDigits: precision ?? 20,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** `1234.5` → "1,234.50" (precision 2), grouped per the interface language; '' for no number. */
export function formatNumber(value: unknown, locale: string, precision?: number): string {
  const d = toDecimal(value);
  return d === null ? '' : numberFormat(locale, precision).format(d as Decimal);
}

/** A money amount with its currency ("¥1,234.50", "CN¥1,234.50"); precision defaults to 2. */
export function formatMoney(value: unknown, locale: string, currency = 'CNY', precision = 2): string {
  const d = toDecimal(value);
  if (d === null) return '';
  try {
    return numberFormat(locale, precision, { style: 'currency', currency }).format(d as Decimal);
  } catch {
    return `${formatNumber(d, locale, precision)} ${currency}`;
  }
}

/** A percentage as stored (12.5 = 12.5 %) → "12.5%". */
export function formatPercent(value: unknown, locale: string, precision?: number): string {
  const n = formatNumber(value, locale, precision);
  return n === '' ? '' : `${n}%`;
}

/** 'YYYY-MM-DD' as is (a date has no zone); '' for anything else. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const d = dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  return d.isValid() ? d.format('YYYY-MM-DD') : value;
}

/** An ISO UTC datetime in the browser's time zone: 'YYYY-MM-DD HH:mm' (with seconds when asked). */
export function formatDatetime(value: unknown, showSeconds = false): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(showSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : value;
}

/** The visible text of server-sanitised HTML (for grid cells and diffs), whitespace collapsed. */
export function htmlToText(html: string): string {
  // Blocks and line breaks separate words: a space before each closing block tag and <br>.
  const spaced = html.replace(/<(\/(?:p|div|li|h[1-6]|blockquote|pre|tr|td|th)|br)\b/gi, ' <$1');
  const text =
    typeof DOMParser === 'undefined'
      ? spaced.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether a value counts as empty (null, '', [], rich text without text). */
export function isEmptyValue(value: unknown, type?: Field['type']): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (type === 'richText' && typeof value === 'string') return htmlToText(value) === '';
  return false;
}

/** The colour of a select option by label ('' when the field has no such option). */
export function choiceColor(field: Pick<Field, 'options'>, label: string): string {
  return field.options.choices?.find((c) => c.label === label)?.color ?? '';
}

/**
 * What a select option shows: a system model's locked choices are codes (`fieldwork`,
 * `pending_review`: docs/engagements.md "The model"), shown through the message
 * `engagements.value.<code>` when the locale has it; any other choice is its own label.
 */
export function choiceText(field: Pick<Field, 'locked'>, label: string, messages: Record<string, unknown>): string {
  if (!field.locked) return label;
  const text = messages[`engagements.value.${label}`];
  return typeof text === 'string' ? text : label;
}

/**
 * A value as one line of plain text (the detail's copy, the bulk-edit confirmation, history
 * entries without room for tags): users and records through `labels`, files through `names`.
 */
export function valueToText(
  field: Pick<Field, 'type' | 'options'>,
  value: unknown,
  locale: string,
  labels: Record<string, string> = {},
  names: Record<string, string> = {},
): string {
  if (value === null || value === undefined) return '';
  const opts = field.options;
  switch (field.type) {
    case 'number':
      return formatNumber(value, locale, opts.precision);
    case 'money':
      return formatMoney(value, locale, opts.currency, opts.precision ?? 2);
    case 'percent':
      return formatPercent(value, locale, opts.precision);
    case 'date':
      return formatDate(value);
    case 'datetime':
    case 'createdAt':
    case 'updatedAt':
      return formatDatetime(value, opts.showSeconds);
    case 'boolean':
      return value === true ? '✓' : value === false ? '✗' : '';
    case 'richText':
      return typeof value === 'string' ? htmlToText(value) : '';
    case 'user':
    case 'createdBy':
    case 'updatedBy':
    case 'relation':
      return (Array.isArray(value) ? value : [value]).map((v) => labels[String(v)] ?? String(v)).join(', ');
    case 'attachment':
      return (Array.isArray(value) ? value : [value]).map((v) => names[String(v)] ?? String(v)).join(', ');
    case 'multiSelect':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'formula':
      if (opts.resultType === 'number') return formatNumber(value, locale, opts.precision);
      if (opts.resultType === 'boolean') return value === true ? '✓' : value === false ? '✗' : '';
      return String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
