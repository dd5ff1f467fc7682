import {
  describeJoin,
  dimensionName,
  emptyDraft,
  errorPlace,
  fromDefinition,
  measureName,
  outputNames,
  possibleJoins,
  refOptions,
  removeJoin,
  renameAlias,
  toDefinition,
  uniqueAlias,
  type BuilderSubject,
} from './model';

const rel = (key: string, target: string) => ({ key, name: key, type: 'relation' as const, options: { targetSubjectId: target } });
const clients: BuilderSubject = { id: 'c', key: 'clients', name: 'Clients', fields: [{ key: 'name', name: 'Name', type: 'text', options: {} }] };
const invoices: BuilderSubject = {
  id: 'i',
  key: 'invoices',
  name: 'Invoices',
  fields: [
    { key: 'date', name: 'Date', type: 'date', options: {} },
    { key: 'amount', name: 'Amount', type: 'money', options: {} },
    rel('client', 'c'),
  ],
};
const lines: BuilderSubject = { id: 'l', key: 'lines', name: 'Lines', fields: [rel('invoice', 'i'), { key: 'qty', name: 'Qty', type: 'number', options: {} }] };
const all = [clients, invoices, lines];
const system = { id: 'ID', createdAt: 'Created', updatedAt: 'Updated' };

describe('query builder model', () => {
  it('offers many-to-one joins from relation fields and one-to-many joins from relations pointing back', () => {
    const choices = possibleJoins(invoices, [], all);
    expect(choices.map((c) => c.join)).toEqual([
      { kind: 'many_to_one', field: 'client' },
      { kind: 'one_to_many', field: 'invoice', subjectId: 'l' },
    ]);
    expect(choices[1].target.key).toBe('lines');
    // from an earlier join, and the one already made is not offered again
    const fromClients = possibleJoins(invoices, [{ as: 'clients', kind: 'many_to_one', field: 'client' }], all);
    expect(fromClients.map((c) => c.join)).toEqual([
      { kind: 'one_to_many', field: 'invoice', subjectId: 'l' },
      { from: 'clients', kind: 'one_to_many', field: 'client', subjectId: 'i' },
    ]);
  });

  it('describes a join by the relation it follows', () => {
    const m2o = describeJoin({ as: 'clients', kind: 'many_to_one', field: 'client' }, invoices, [], all);
    expect([m2o?.holder.key, m2o?.fieldName, m2o?.source.key, m2o?.target.key]).toEqual(['invoices', 'client', 'invoices', 'clients']);
    const o2m = describeJoin({ as: 'lines', kind: 'one_to_many', field: 'invoice', subjectId: 'l' }, invoices, [], all);
    expect([o2m?.holder.key, o2m?.source.key, o2m?.target.key]).toEqual(['lines', 'invoices', 'lines']);
    expect(describeJoin({ as: 'x', kind: 'one_to_many', field: 'invoice', subjectId: 'gone' }, invoices, [], all)).toBeUndefined();
  });

  it('lists references of the base, the joins and the calculated columns with their kinds', () => {
    const refs = refOptions(invoices, [{ as: 'clients', kind: 'many_to_one', field: 'client' }], all, [{ name: 'net', formula: 'amount / 1.13' }], system);
    const byRef = Object.fromEntries(refs.map((r) => [r.ref, r]));
    expect(byRef.date.date).toBe(true);
    expect(byRef.amount.numeric).toBe(true);
    expect(byRef['clients.name'].label).toBe('clients › Name');
    expect(byRef.createdAt.date).toBe(true);
    expect(byRef.net.group).toBe('calculated');
  });

  it('names outputs as the server does', () => {
    expect(dimensionName({ field: 'date', bucket: 'month' })).toBe('date_month');
    expect(dimensionName({ field: 'clients.name' })).toBe('clients_name');
    expect(dimensionName({ field: 'date', as: 'd' })).toBe('d');
    expect(measureName({ fn: 'count' })).toBe('count');
    expect(measureName({ fn: 'sum', field: 'amount' })).toBe('sum_amount');
    expect(measureName({ fn: 'percentile', field: 'amount', p: 0.9 })).toBe('p90_amount');
    expect(measureName({ fn: 'count_distinct', field: 'clients.id' })).toBe('count_distinct_clients_id');
  });

  it('makes unique aliases', () => {
    expect(uniqueAlias('clients', [])).toBe('clients');
    expect(uniqueAlias('clients', ['clients'])).toBe('clients_2');
    expect(uniqueAlias('base', [])).toBe('base_j');
    expect(uniqueAlias('9 Odd-Name', [])).toBe('odd_name');
  });

  it('renames an alias in every reference and removes joins with what depends on them', () => {
    const d = {
      ...emptyDraft('i'),
      joins: [
        { as: 'clients', kind: 'many_to_one' as const, field: 'client' },
        { as: 'inv2', from: 'clients', kind: 'one_to_many' as const, field: 'client', subjectId: 'i' },
      ],
      dimensions: [{ field: 'clients.name' }, { field: 'date', bucket: 'month' as const }],
      measures: [{ fn: 'sum' as const, field: 'inv2.amount' }],
      columns: ['clients.name'],
      filter: { op: 'and' as const, items: [{ field: 'clients.name', op: 'eq' as const, value: 'A' }] },
    };
    const r = renameAlias(d, 'clients', 'cl');
    expect(r.joins.map((j) => [j.as, j.from])).toEqual([['cl', undefined], ['inv2', 'cl']]);
    expect(r.dimensions[0].field).toBe('cl.name');
    expect(r.columns).toEqual(['cl.name']);
    expect(r.filter.items[0]).toMatchObject({ field: 'cl.name' });
    const x = removeJoin(d, 0);
    expect(x.joins).toEqual([]);
    expect(x.dimensions).toEqual([{ field: 'date', bucket: 'month' }]);
    expect(x.measures).toEqual([{ fn: 'sum', field: undefined }]);
    expect(x.columns).toEqual([]);
  });

  it('builds the definition, keeping unfinished rows for the server to name, and reads it back', () => {
    const d = {
      ...emptyDraft('i'),
      joins: [{ as: 'clients', kind: 'many_to_one' as const, field: 'client' }],
      dimensions: [{ field: 'date', bucket: 'month' as const }, { field: 'clients.name' }],
      measures: [{ fn: 'count' as const }, { fn: 'sum' as const, field: 'amount' }, { fn: 'percentile' as const, field: 'amount' }, { fn: 'avg' as const }],
      columns: ['date'],
      sort: [{ by: 'sum_amount', order: 'desc' as const }],
      limit: 50_000,
    };
    const def = toDefinition(d, () => undefined);
    expect(def).toEqual({
      subjectId: 'i',
      joins: [{ as: 'clients', kind: 'many_to_one', field: 'client' }],
      calculated: [],
      dimensions: [{ field: 'date', bucket: 'month' }, { field: 'clients.name' }],
      measures: [{ fn: 'count' }, { fn: 'sum', field: 'amount' }, { fn: 'percentile', field: 'amount', p: 0.9 }, { fn: 'avg' }],
      columns: [],
      having: [],
      sort: [{ by: 'sum_amount', order: 'desc' }],
      limit: 10_000,
    });
    expect(toDefinition(emptyDraft(), () => undefined)).toBeNull();
    expect(outputNames(d)).toEqual(['date_month', 'clients_name', 'count', 'sum_amount', 'p90_amount', 'avg']);
    expect(toDefinition(fromDefinition(def!), () => undefined)).toEqual(def);
    // a record list: columns, no having
    expect(toDefinition({ ...emptyDraft('i'), columns: ['date', 'clients.name'] }, () => undefined)?.columns).toEqual(['date', 'clients.name']);
  });

  it('reads error paths', () => {
    expect(errorPlace('definition.measures.0.field')).toEqual({ part: 'measures', index: 0, prop: 'field' });
    expect(errorPlace('definition.limit')).toEqual({ part: 'limit' });
    expect(errorPlace('definition.filter.items.2.value')).toEqual({ part: 'filter', prop: 'items.2.value' });
    expect(errorPlace('name')).toBeNull();
  });
});
