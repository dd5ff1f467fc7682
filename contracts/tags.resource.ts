/**
 * The tags resource (`/admin/tag`) as the resource kit's definition (contracts/resource.ts): a
 * name (unique case-insensitively among live tags) and a colour `#rrggbb` (stored lower-case),
 * with `usage`, the number of objects carrying it. Any signed-in user lists them (the tag picker);
 * administrators manage them and tag objects (`/tags/assign`, `/tags/of`). Plain data: the web
 * kit imports it at run time.
 */
import { defineResource } from './resource';

export const tagResource = defineResource({
  name: 'tags',
  singular: 'tag',
  fields: {
    name: { kind: 'text', required: true, minLength: 1, maxLength: 50, unique: 'ci', sortable: true, searchable: true },
    color: { kind: 'text', required: true, pattern: 'tagColor', lowercase: true, form: { input: 'color' } },
    /** Objects carrying the tag (server-computed). */
    usage: { kind: 'number', readOnly: true, sortable: true },
  },
  access: { list: 'user', create: 'admin', update: 'admin', delete: 'admin' },
  audit: 'tag',
  deletion: { mode: 'recycle', type: 'tag', label: ['name'] },
  paging: 'pages',
  defaultSort: 'name:asc',
  messages: { notFound: 'errors.tag.notFound', taken: { name: 'errors.tag.nameTaken' } },
  extraRoutes: {
    assign: { method: 'PUT', path: '/assign', access: 'admin' },
    of: { method: 'GET', path: '/of', access: 'admin' },
  },
});
export type TagResource = typeof tagResource;
