import { validationLabels } from './validationSummary';

const t = (id: string, v?: Record<string, string | number>) => `${id}(${v ? Object.values(v).join(',') : ''})`;

describe('validation labels of the field list', () => {
  it('shows the pattern, the range and the length', () => {
    expect(validationLabels({ pattern: '^WP-\\d+$', min: 0, max: 100, minLength: 2, maxLength: 50 }, t)).toEqual([
      { key: 'range', label: '0 – 100' },
      { key: 'length', label: 'field.validation.lengthLabel(2,50)' },
      { key: 'pattern', label: '^WP-\\d+$', code: true },
    ]);
  });
  it('shows one bound alone, and nothing without checks', () => {
    expect(validationLabels({ min: '2026-01-01' }, t)).toEqual([{ key: 'range', label: '≥ 2026-01-01' }]);
    expect(validationLabels({ maxLength: 10 }, t)).toEqual([{ key: 'length', label: 'field.validation.lengthLabel(0,10)' }]);
    expect(validationLabels({}, t)).toEqual([]);
    expect(validationLabels(undefined, t)).toEqual([]);
  });
});
