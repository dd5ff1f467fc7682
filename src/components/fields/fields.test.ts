import type { Field, FilterGroup } from '../../../contracts';
import {
  cleanFilter,
  countConditions,
  filterFieldsOf,
  isComplete,
  newCondition,
  valueForOp,
  valueKind,
  type FilterField,
} from './filter';
import { choiceText, formatDate, formatMoney, formatNumber, formatPercent, htmlToText, isEmptyValue, toDecimal, typedDecimal, valueToText } from './format';
import { fieldRules, isWritable } from './rules';

const t = (id: string, values?: Record<string, string | number>) => `${id}${values ? ' ' + JSON.stringify(values) : ''}`;

function field(partial: Partial<Field> & Pick<Field, 'type'>): Field {
  return {
    id: 'f',
    key: 'k',
    name: 'Amount',
    position: 0,
    required: false,
    unique: false,
    options: {},
    validation: {},
    helpText: null,
    ...partial,
  };
}

async function validate(f: Field, value: unknown): Promise<string[]> {
  const errors: string[] = [];
  for (const rule of fieldRules(f, t)) {
    if (typeof rule === 'function' || !rule.validator) continue;
    try {
      await rule.validator(rule, value, () => undefined);
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  return errors;
}

describe('format', () => {
  it('formats decimal strings exactly, with the precision', () => {
    expect(formatNumber('12345678901234567.25', 'en-US')).toBe('12,345,678,901,234,567.25');
    expect(formatNumber('1234.5', 'en-US', 2)).toBe('1,234.50');
    expect(formatNumber(null, 'en-US')).toBe('');
    expect(toDecimal('abc')).toBeNull();
  });

  it('keeps what was typed into a number input: a decimal as a plain decimal, anything else as typed (the rule then names it)', async () => {
    expect(typedDecimal('')).toBeNull();
    expect(typedDecimal('  ')).toBeNull();
    expect(typedDecimal('12.50')).toBe('12.50');
    expect(typedDecimal(' 1,234.5 ')).toBe('1234.5');
    expect(typedDecimal('+7')).toBe('7');
    expect(typedDecimal('-.5')).toBe('-.5');
    expect(typedDecimal('abc')).toBe('abc');
    expect(typedDecimal('12abc')).toBe('12abc');
    expect(typedDecimal('1.2.3')).toBe('1.2.3');
    // what the form then says under the field
    for (const type of ['number', 'money', 'percent'] as const) {
      expect(await validate(field({ type, name: 'Size' }), typedDecimal('abc'))).toEqual([`records.rule.number {"name":"Size"}`]);
      expect(await validate(field({ type, name: 'Size' }), typedDecimal('1,234.5'))).toEqual([]);
    }
  });

  it('formats money in its currency and percentages as stored', () => {
    expect(formatMoney('1234.5', 'en-US', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'zh-CN', 'CNY')).toBe('¥1,234.50');
    expect(formatPercent('12.5', 'en-US', 1)).toBe('12.5%');
  });

  it('keeps dates without a zone and reads the text of HTML', () => {
    expect(formatDate('2026-11-22')).toBe('2026-11-22');
    expect(htmlToText('<p>a <b>b</b></p><p>c</p>')).toBe('a b c');
    expect(isEmptyValue('<p></p>', 'richText')).toBe(true);
    expect(isEmptyValue([], 'multiSelect')).toBe(true);
    expect(isEmptyValue(false, 'boolean')).toBe(false);
  });

  it('names users, records and files in plain text', () => {
    expect(valueToText(field({ type: 'user' }), 'u1', 'en-US', { u1: 'Ada' })).toBe('Ada');
    expect(valueToText(field({ type: 'relation' }), ['r1', 'r2'], 'en-US', { r1: 'One' })).toBe('One, r2');
    expect(valueToText(field({ type: 'money', options: { currency: 'EUR' } }), '5', 'en-US')).toBe('€5.00');
  });
});

describe('fieldRules', () => {
  it('requires a value, naming the field; computed fields are never required', async () => {
    expect(await validate(field({ type: 'text', required: true }), '')).toEqual(['records.rule.required {"name":"Amount"}']);
    expect(await validate(field({ type: 'multiSelect', required: true }), [])).toHaveLength(1);
    expect(await validate(field({ type: 'boolean', required: true }), false)).toEqual([]);
    expect(fieldRules(field({ type: 'formula', required: true }), t)).toEqual([]);
    expect(isWritable(field({ type: 'autoNumber' }))).toBe(false);
  });

  it('checks lengths, the whole-value pattern, e-mail and URL shapes', async () => {
    const code = field({ type: 'text', validation: { minLength: 2, maxLength: 5, pattern: '[A-Z]+' } });
    expect(await validate(code, 'A')).toEqual(['records.rule.minLength {"name":"Amount","n":2}']);
    expect(await validate(code, 'ABCDEF')).toEqual(['records.rule.maxLength {"name":"Amount","n":5}']);
    expect(await validate(code, 'ABc')).toHaveLength(1);
    expect(await validate(code, 'ABC')).toEqual([]);
    expect(await validate(field({ type: 'email' }), 'not-mail')).toHaveLength(1);
    expect(await validate(field({ type: 'url' }), 'example.com')).toHaveLength(1);
    expect(await validate(field({ type: 'url' }), 'https://example.com')).toEqual([]);
  });

  it('runs the pattern on the linear-time engine: (a+)+ over 32 and 100,000 characters answers at once', async () => {
    const memo = field({ type: 'longText', validation: { pattern: '(a+)+' } });
    const refused = ['records.rule.pattern {"name":"Amount","pattern":"(a+)+"}'];
    const start = performance.now();
    expect(await validate(memo, `${'a'.repeat(32)}!`)).toEqual(refused); // ≈ 20 s with a backtracking engine
    expect(await validate(memo, `${'a'.repeat(99_999)}!`)).toEqual(refused);
    expect(await validate(memo, 'a'.repeat(100_000))).toEqual([]);
    expect(performance.now() - start).toBeLessThan(3000);
  });

  it('skips a stored pattern the engine cannot run, as the server does; bounds the value it runs on', async () => {
    const legacy = field({ type: 'text', validation: { pattern: '(?=WP)\\w+' } });
    expect(await validate(legacy, 'anything')).toEqual([]);
    // a costly program runs on fewer characters (contracts/user-pattern.ts USER_PATTERN_COST_MAX)
    const costly = field({ type: 'longText', validation: { pattern: '(?:.*a){180}' } });
    const long = await validate(costly, 'a'.repeat(10_000));
    expect(long).toHaveLength(1);
    expect(long[0]).toMatch(/^records\.rule\.patternInputTooLong /);
    expect(await validate(costly, 'a'.repeat(1_000))).toEqual([]);
  });

  it('checks number and date bounds', async () => {
    const n = field({ type: 'money', validation: { min: 0, max: '1000' } });
    expect(await validate(n, '-0.01')).toEqual(['records.rule.min {"name":"Amount","min":"0"}']);
    expect(await validate(n, '1000.01')).toHaveLength(1);
    expect(await validate(n, '999.99')).toEqual([]);
    const d = field({ type: 'date', validation: { min: '2026-01-01' } });
    expect(await validate(d, '2025-12-31')).toHaveLength(1);
    expect(await validate(d, '2026-01-01')).toEqual([]);
  });
});

describe('filters', () => {
  const fields: FilterField[] = filterFieldsOf(
    [
      { key: 'title', name: 'Title', type: 'text', options: {} },
      { key: 'amount', name: 'Amount', type: 'money', options: {} },
      { key: 'created', name: 'Created', type: 'createdAt', options: {} },
    ],
    { createdAt: 'Created at', updatedAt: 'Updated at', createdBy: 'Created by', updatedBy: 'Updated by' },
  );

  it('offers the system columns not already a field', () => {
    expect(fields.map((f) => f.key)).toEqual(['title', 'amount', 'created', 'updatedAt', 'createdBy', 'updatedBy']);
  });

  it('knows what each operator takes', () => {
    expect(['empty', 'between', 'in', 'eq'].map((op) => valueKind(op as never))).toEqual(['none', 'range', 'list', 'single']);
    expect(newCondition(fields[1])).toEqual({ field: 'amount', op: 'eq', value: undefined });
    expect(valueForOp({ field: 'amount', op: 'eq', value: '1' }, 'gt')).toBe('1');
    expect(valueForOp({ field: 'amount', op: 'eq', value: '1' }, 'between')).toBeUndefined();
  });

  it('drops unfinished conditions and empty groups, and counts conditions', () => {
    const draft: FilterGroup = {
      op: 'and',
      items: [
        { field: 'title', op: 'contains', value: 'x' },
        { field: 'title', op: 'contains', value: '' },
        { field: 'amount', op: 'between', value: ['1', undefined] },
        { field: 'amount', op: 'notEmpty', value: 'stale' },
        { field: 'amount', op: 'contains', value: 'wrong op' },
        { op: 'or', items: [{ field: 'title', op: 'eq' }] },
        { op: 'or', items: [{ field: 'amount', op: 'gte', value: '10' }] },
      ],
    };
    expect(countConditions(draft)).toBe(7);
    expect(isComplete({ field: 'nope', op: 'eq', value: 1 }, fields)).toBe(false);
    expect(cleanFilter(draft, fields)).toEqual({
      op: 'and',
      items: [
        { field: 'title', op: 'contains', value: 'x' },
        { field: 'amount', op: 'notEmpty' },
        { op: 'or', items: [{ field: 'amount', op: 'gte', value: '10' }] },
      ],
    });
    expect(cleanFilter({ op: 'and', items: [] }, fields)).toBeUndefined();
  });
});

describe('choiceText', () => {
  const messages = { 'engagements.value.fieldwork': '现场工作' };
  it("shows a model's locked choice through its translation, and any other choice as it is", () => {
    expect(choiceText({ locked: true }, 'fieldwork', messages)).toBe('现场工作');
    expect(choiceText({ locked: true }, 'unknown_code', messages)).toBe('unknown_code');
    expect(choiceText({}, 'fieldwork', messages)).toBe('fieldwork');
  });
});
