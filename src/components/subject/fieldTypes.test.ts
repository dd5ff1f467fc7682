import dayjs from 'dayjs';
import type { Field } from '../../../contracts';
import { FIELD_TYPES } from '../../../contracts/constants';
import {
  autoNumberSample,
  defaultToApi,
  duplicateChoice,
  GROUPED_TYPES,
  patternError,
  suggestKey,
  toFieldInput,
  toFieldUpdate,
  toFormValues,
  typeChangesOf,
  validationKeys,
} from './fieldTypes';

describe('field type groups', () => {
  it('hold every field type exactly once', () => {
    expect([...GROUPED_TYPES].sort()).toEqual([...FIELD_TYPES].sort());
    expect(new Set(GROUPED_TYPES).size).toBe(GROUPED_TYPES.length);
  });
});

describe('toFieldInput', () => {
  it('keeps only the options and checks the type reads, and drops blanks', () => {
    const input = toFieldInput({
      key: ' amount ',
      name: ' Amount ',
      type: 'money',
      required: true,
      unique: false,
      helpText: '  ',
      defaultValue: 12.5,
      options: { currency: 'CNY', precision: 2, prefix: 'x', choices: [{ label: 'a', color: '#000000' }] },
      validation: { min: 0, max: null, minLength: 3, pattern: '' },
    });
    expect(input).toEqual({
      key: 'amount',
      name: 'Amount',
      type: 'money',
      required: true,
      unique: false,
      defaultValue: '12.5',
      options: { currency: 'CNY', precision: 2 },
      validation: { min: 0 },
      helpText: undefined,
    });
  });

  it('sends a renamed choice with its previous label, and dates as strings', () => {
    const select = toFieldInput({
      key: 'status',
      name: 'Status',
      type: 'singleSelect',
      defaultValue: 'Open',
      options: {
        choices: [
          { label: ' Open ', color: '#1677ff', from: 'open' },
          { label: 'Done', color: '#52c41a', from: 'Done' },
          { label: 'New', color: '#8c8c8c' },
        ],
      },
    });
    expect(select.options).toEqual({
      choices: [
        { label: 'Open', color: '#1677ff', previousLabel: 'open' },
        { label: 'Done', color: '#52c41a' },
        { label: 'New', color: '#8c8c8c' },
      ],
    });
    const date = toFieldInput({
      key: 'due',
      name: 'Due',
      type: 'date',
      defaultValue: dayjs('2026-03-01'),
      validation: { min: dayjs('2026-01-01'), max: dayjs('2026-12-31') },
    });
    expect([date.defaultValue, date.validation]).toEqual(['2026-03-01', { min: '2026-01-01', max: '2026-12-31' }]);
  });

  it('gives computed types no required, unique, default or checks', () => {
    const input = toFieldInput({
      key: 'total',
      name: 'Total',
      type: 'formula',
      required: true,
      unique: true,
      defaultValue: '1',
      options: { expression: ' price * qty ', resultType: 'number' },
      validation: { min: 1 },
    });
    expect(input).toMatchObject({ required: false, unique: false, defaultValue: undefined, validation: {} });
    expect(input.options).toEqual({ expression: 'price * qty', resultType: 'number' });
  });

  it('an update clears a removed default and help text with null; a datetime bound is ISO', () => {
    const input = toFieldUpdate({
      key: 'at',
      name: 'At',
      type: 'datetime',
      defaultValue: undefined,
      helpText: ' ',
      validation: { min: dayjs('2026-01-01T00:00:00Z') },
    });
    expect('key' in input).toBe(false);
    expect([input.defaultValue, input.helpText, input.validation]).toEqual([null, null, { min: '2026-01-01T00:00:00.000Z' }]);
    expect(toFieldInput({ key: 'at', name: 'At', type: 'datetime' }).defaultValue).toBeUndefined();
  });

  it('refuses unique for types that cannot be unique', () => {
    expect(toFieldInput({ key: 'notes', name: 'Notes', type: 'longText', unique: true }).unique).toBe(false);
    expect(toFieldInput({ key: 'code', name: 'Code', type: 'text', unique: true }).unique).toBe(true);
  });
});

describe('helpers', () => {
  it('validation keys per type', () => {
    expect(validationKeys('number')).toEqual(['min', 'max']);
    expect(validationKeys('datetime')).toEqual(['min', 'max']);
    expect(validationKeys('text')).toEqual(['minLength', 'maxLength', 'pattern']);
    expect(validationKeys('boolean')).toEqual([]);
  });

  it('defaults per type', () => {
    expect(defaultToApi('boolean', false)).toBe(false);
    expect(defaultToApi('text', '')).toBeUndefined();
    expect(defaultToApi('user', 'u1')).toBeUndefined();
    expect(defaultToApi('multiSelect', ['a'])).toEqual(['a']);
  });

  it('an existing field offers only the types it converts into, itself first', () => {
    expect(typeChangesOf('boolean')).toEqual(['boolean', 'text', 'longText']);
    expect(typeChangesOf('text')).toContain('number');
  });

  it('duplicates, keys, samples, patterns', () => {
    expect(duplicateChoice([{ label: 'a' }, { label: 'b ' }, { label: 'b' }])).toBe('b');
    expect(duplicateChoice([{ label: 'a' }, { label: '' }, { label: '' }])).toBeUndefined();
    expect(suggestKey('Due date')).toBe('due_date');
    expect(suggestKey('2026 Amount (CNY)')).toBe('amount_cny');
    expect(suggestKey('金额')).toBe('');
    expect(autoNumberSample('WP-', 3, 7)).toBe('WP-007');
  });

  it('checks a pattern with the linear-time engine: lookaround and backreferences are refused, saying why', async () => {
    const t = (id: string, values?: Record<string, string | number>) => `${id} ${JSON.stringify(values ?? {})}`;
    expect(await patternError('^a+$', t)).toBeUndefined();
    expect(await patternError('(a+)+', t)).toBeUndefined();
    expect(await patternError('(', t)).toMatch(/^field\.validation\.patternInvalid /);
    expect(await patternError('(?=a)a', t)).toBe('field.validation.patternUnsupported {"detail":"(?="}');
    expect(await patternError('(?<!a)b', t)).toBe('field.validation.patternUnsupported {"detail":"(?<!"}');
    expect(await patternError('(a)\\1', t)).toBe('field.validation.patternUnsupported {"detail":"\\\\1"}');
    expect(await patternError('(.*a){300}', t)).toBe('field.validation.patternTooComplex {"size":1504,"max":1000}');
  });

  it('a field as form values: dates as dayjs, choices remember their label', () => {
    const field: Field = {
      id: 'f1',
      key: 'due',
      name: 'Due',
      type: 'date',
      position: 0,
      required: false,
      unique: false,
      defaultValue: '2026-05-01',
      options: {},
      validation: { min: '2026-01-01' },
      helpText: null,
    };
    const v = toFormValues(field);
    expect(dayjs.isDayjs(v.defaultValue)).toBe(true);
    expect(dayjs.isDayjs(v.validation?.min)).toBe(true);
    const select = toFormValues({
      ...field,
      type: 'singleSelect',
      defaultValue: null,
      validation: {},
      options: { choices: [{ label: 'A', color: '#000000' }] },
    });
    expect(select.options?.choices).toEqual([{ label: 'A', color: '#000000', from: 'A' }]);
  });
});
