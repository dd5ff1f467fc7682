import type { FormLayout } from '../../../../../contracts';
import { addSection, locate, moveField, removeField, removeSection, stepField, updateField } from './layout';

const layout: FormLayout = {
  sections: [
    { title: 'A', fields: [{ key: 'a' }, { key: 'b' }, { key: 'c' }] },
    { title: 'B', fields: [{ key: 'd', visibleIf: { match: 'all', conditions: [{ field: 'a', op: 'notEmpty' }] } }] },
  ],
};
const keys = (l: FormLayout) => l.sections.map((s) => s.fields.map((f) => f.key).join(''));

describe('form designer layout edits', () => {
  it('moves a field before a position, within and across sections, keeping its settings', () => {
    expect(keys(moveField(layout, 'a', 0, 2))).toEqual(['bac', 'd']);
    expect(keys(moveField(layout, 'c', 0, 0))).toEqual(['cab', 'd']);
    expect(keys(moveField(layout, 'd', 0, 1))).toEqual(['adbc', '']);
    expect(moveField(layout, 'd', 0).sections[0].fields[3].visibleIf?.conditions).toHaveLength(1);
    expect(keys(moveField(layout, 'new', 1))).toEqual(['abc', 'dnew']);
    expect(keys(layout)).toEqual(['abc', 'd']);
  });

  it('steps up and down, crossing section ends', () => {
    expect(keys(stepField(layout, 'b', -1))).toEqual(['bac', 'd']);
    expect(keys(stepField(layout, 'b', 1))).toEqual(['acb', 'd']);
    expect(keys(stepField(layout, 'c', 1))).toEqual(['ab', 'cd']);
    expect(keys(stepField(layout, 'd', -1))).toEqual(['abcd', '']);
    expect(stepField(layout, 'a', -1)).toBe(layout);
  });

  it('removes fields (and the conditions naming them) and sections', () => {
    const gone = removeField(layout, 'a');
    expect(keys(gone)).toEqual(['bc', 'd']);
    expect(gone.sections[1].fields[0].visibleIf?.conditions).toEqual([]);
    expect(keys(removeSection(layout, 0))).toEqual(['d']);
    expect(keys(addSection(layout, 'C'))).toEqual(['abc', 'd', '']);
    expect(locate(layout, 'd')).toEqual({ section: 1, index: 0 });
  });

  it('updates a field, dropping emptied settings', () => {
    const labelled = updateField(layout, 'b', { label: 'Bee', helpText: 'help' });
    expect(labelled.sections[0].fields[1]).toEqual({ key: 'b', label: 'Bee', helpText: 'help' });
    expect(updateField(labelled, 'b', { label: '' }).sections[0].fields[1]).toEqual({ key: 'b', helpText: 'help' });
  });
});
