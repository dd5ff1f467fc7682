import { choicesFromText, isMultiLine } from './choicesPaste';

const COLORS = ['#1', '#2', '#3'];

describe('choices from a pasted list', () => {
  it('takes one choice per line, trimmed, without empties or duplicates', () => {
    expect(choicesFromText(' admin \r\nbase\n\nbase\ndevel\t12\n', [{ label: 'admin' }], COLORS)).toEqual([
      { label: 'base', color: '#2' },
      { label: 'devel', color: '#3' },
    ]);
  });

  it('takes 31 sections in one paste', () => {
    const sections = Array.from({ length: 31 }, (_, i) => `section-${i + 1}`);
    const rows = choicesFromText(sections.join('\n'), [], COLORS);
    expect(rows.map((r) => r.label)).toEqual(sections);
    expect(rows[3].color).toBe('#1');
  });

  it('tells a multi-line paste from a single label', () => {
    expect(isMultiLine('a\nb')).toBe(true);
    expect(isMultiLine('one label')).toBe(false);
    expect(isMultiLine('one label\n')).toBe(false);
  });
});
