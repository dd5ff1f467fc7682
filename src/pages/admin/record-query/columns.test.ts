import { columnOptions, defaultColumns, errorPlace, relationFilterFields, resolveColumn, sortableColumns } from './columns';

const field = (key: string, type: string, options = {}) => ({ id: `f-${key}`, key, name: key.toUpperCase(), type, options }) as never;
const subject = {
  displayField: 'title',
  fields: [field('amount', 'money'), field('title', 'text'), field('tags', 'multiSelect'), field('client', 'relation', { targetSubjectId: 's2' }), field('owners', 'relation', { targetSubjectId: 's2', multiple: true })],
};
const target = { id: 's2', name: 'Clients', fields: [field('name', 'text'), field('industry', 'singleSelect')] };
const targets = { 'f-client': target, 'f-owners': target };
const systemNames = { id: 'ID', createdAt: 'Created', createdBy: 'Creator', updatedAt: 'Updated', updatedBy: 'Updater' };

describe('record query columns', () => {
  it('resolves own, system and relation columns', () => {
    expect(resolveColumn('amount', subject, targets, systemNames)).toMatchObject({ title: 'AMOUNT', field: { type: 'money' } });
    expect(resolveColumn('createdAt', subject, targets, systemNames)).toMatchObject({ title: 'Created', field: { type: 'createdAt' } });
    expect(resolveColumn('id', subject, targets, systemNames)?.field.type).toBe('text');
    expect(resolveColumn('client.industry', subject, targets, systemNames)).toMatchObject({
      title: 'CLIENT › INDUSTRY',
      field: { type: 'singleSelect' },
      via: { key: 'client' },
    });
    expect(resolveColumn('client.createdAt', subject, targets, systemNames)?.title).toBe('CLIENT › Created');
    expect(resolveColumn('nope', subject, targets, systemNames)).toBeNull();
    expect(resolveColumn('title.name', subject, targets, systemNames)).toBeNull();
    expect(resolveColumn('client.nope', subject, targets, systemNames)).toBeNull();
    expect(resolveColumn('client.name', subject, {}, systemNames)).toBeNull();
  });

  it('groups the picker: fields, system, then each relation through its target', () => {
    const groups = columnOptions(subject, targets, { fields: 'Fields', system: 'System', systemNames, via: (r, t) => `${r} → ${t}` });
    expect(groups.map((g) => g.label)).toEqual(['Fields', 'System', 'CLIENT → Clients', 'OWNERS → Clients']);
    expect(groups[2].options).toEqual([
      { value: 'client.name', label: 'CLIENT › NAME' },
      { value: 'client.industry', label: 'CLIENT › INDUSTRY' },
    ]);
  });

  it('sorts only on sortable columns, through one-relations only', () => {
    expect(sortableColumns(subject, systemNames).map((o) => o.value)).toEqual(['amount', 'title', 'client', 'id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']);
    expect(sortableColumns(subject, systemNames, targets).slice(-2)).toEqual([
      { value: 'client.name', label: 'CLIENT › NAME' },
      { value: 'client.industry', label: 'CLIENT › INDUSTRY' },
    ]);
  });

  it('filters through every relation', () => {
    expect(relationFilterFields(subject, targets).map((f) => [f.key, f.name, f.type])).toEqual([
      ['client.name', 'CLIENT › NAME', 'text'],
      ['client.industry', 'CLIENT › INDUSTRY', 'singleSelect'],
      ['owners.name', 'OWNERS › NAME', 'text'],
      ['owners.industry', 'OWNERS › INDUSTRY', 'singleSelect'],
    ]);
    expect(relationFilterFields(subject, {})).toEqual([]);
  });

  it('starts with the display field', () => {
    expect(defaultColumns(subject)).toEqual(['title', 'amount', 'tags', 'client', 'owners']);
    expect(defaultColumns({ displayField: null, fields: [] })).toEqual(['id', 'createdAt']);
  });

  it('places server errors', () => {
    const def = { columns: ['title', 'client.nope'], sort: [{ field: 'amount' }] };
    expect(errorPlace('definition.columns.1', def)).toEqual({ part: 'columns', index: 1, item: 'client.nope' });
    expect(errorPlace('definition.sort.0.field', def)).toEqual({ part: 'sort', index: 0, item: 'amount' });
    expect(errorPlace('definition.filter.items.0.value', def)).toEqual({ part: 'filter' });
    expect(errorPlace('name', def)).toEqual({ part: 'name' });
    expect(errorPlace('current', def)).toEqual({ part: 'other' });
  });
});
