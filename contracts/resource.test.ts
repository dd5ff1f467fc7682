import { clientResource } from './clients.resource';
import { defineResource, routeAccess, sortableFields } from './resource';
import { resourceSchemas } from './resource-zod';

const notes = defineResource({
  name: 'notes',
  singular: 'note',
  fields: {
    title: { kind: 'text', required: true, minLength: 1, maxLength: 20, sortable: true, searchable: true, unique: 'ci' },
    kind: { kind: 'enum', values: ['a', 'b'], default: 'a', filterable: true },
    pages: { kind: 'number', min: 1, max: 10 },
    site: { kind: 'url' },
    owner: { kind: 'reference', to: 'users', filterable: true },
  },
  access: { list: 'viewer', read: 'viewer', create: 'editor', update: 'editor', delete: 'owner', restore: 'admin' },
  audit: 'note',
  deletion: { mode: 'recycle', type: 'note', label: ['title'] },
  versioned: true,
  defaultSort: 'title:asc',
  messages: { notFound: 'errors.notFound', taken: 'errors.conflict' },
});
const schemas = resourceSchemas(notes);

describe('defineResource', () => {
  it('refuses a definition that contradicts itself', () => {
    const base = { name: 'x', singular: 'x', access: {}, audit: false as const, deletion: { mode: 'hard' as const }, messages: { notFound: 'errors.notFound' } };
    expect(() => defineResource({ ...base, fields: { a: { kind: 'text' } }, defaultSort: 'a:asc' })).toThrow(/not a sortable/);
    expect(() => defineResource({ ...base, fields: { a: { kind: 'text', sortable: true, unique: true } }, defaultSort: 'a:asc' })).toThrow(/messages.taken/);
    expect(() =>
      defineResource({ ...base, fields: { a: { kind: 'text', sortable: true } }, defaultSort: 'a:asc', deletion: { mode: 'recycle', type: 'x', label: ['b'] } }),
    ).toThrow(/unknown field b/);
  });

  it('gives each route the matrix roles of its operation, from one declaration', () => {
    expect(routeAccess(notes)).toEqual({
      'GET /api/v1/notes': ['viewer', 'editor', 'owner', 'admin'],
      'GET /api/v1/notes/:id': ['viewer', 'editor', 'owner', 'admin'],
      'POST /api/v1/notes': ['editor', 'owner', 'admin'],
      'PATCH /api/v1/notes/:id': ['editor', 'owner', 'admin'],
      'DELETE /api/v1/notes/:id': ['owner', 'admin'],
      'POST /api/v1/notes/:id/restore': ['admin'],
    });
    expect(routeAccess(clientResource)['GET /api/v1/clients/industries']).toEqual(['viewer', 'editor', 'owner', 'admin']);
    expect(sortableFields(clientResource)).toEqual(['code', 'name', 'industry', 'status', 'createdAt', 'updatedAt']);
  });
});

describe('resourceSchemas', () => {
  it('create: trims, fills defaults, names the failing fields', () => {
    expect(schemas.create.parse({ title: ' T ', site: '' })).toEqual({ title: 'T', kind: 'a', site: null });
    const bad = schemas.create.safeParse({ title: '', kind: 'c', pages: 11, site: 'ftp://x', owner: 'nope' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['kind', 'owner', 'pages', 'site', 'title']);
    expect(bad.error?.issues.find((i) => i.path[0] === 'title')?.message).toBe('errors.required');
  });

  it('update: at least one field besides the version, unknown keys refused, version required', () => {
    expect(schemas.update.safeParse({ version: 2 }).success).toBe(false);
    expect(schemas.update.safeParse({ title: 'x' }).success).toBe(false);
    expect(schemas.update.safeParse({ version: 2, title: 'x', other: 1 }).success).toBe(false);
    expect(schemas.update.parse({ version: 2, pages: null })).toEqual({ version: 2, pages: null });
  });

  it('list query: paging defaults, sort over sortable fields only, filters by kind', () => {
    expect(schemas.listQuery.parse({})).toEqual({ current: 1, pageSize: 20 });
    expect(schemas.listQuery.parse({ sort: 'createdAt:desc', kind: 'b', q: ' x ' })).toEqual({
      current: 1,
      pageSize: 20,
      sort: { field: 'createdAt', desc: true },
      kind: 'b',
      q: 'x',
    });
    const bad = schemas.listQuery.safeParse({ sort: 'pages:asc', kind: 'z', owner: 'x' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['kind', 'owner', 'sort']);
    expect(bad.error?.issues.find((i) => i.path[0] === 'sort')?.message).toBe('errors.sort');
  });

  it('client contacts: absent optional sub-fields become null, the e-mail lower-case', () => {
    const parsed = resourceSchemas(clientResource).create.parse({ code: 'A-1', name: 'A', contacts: [{ name: 'Li', email: 'LI@X.EXAMPLE', phone: '' }] });
    expect(parsed.contacts).toEqual([{ name: 'Li', title: null, email: 'li@x.example', phone: null }]);
    expect(parsed.applicationIds).toEqual([]);
    expect(parsed.status).toBe('active');
  });
});
