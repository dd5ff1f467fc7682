/**
 * The clients resource (`/admin/client`, docs/product.md "Data core") as the resource kit's
 * definition (contracts/resource.ts): the audited organisations — code, name, industry, status,
 * contacts, address, notes and the applications that work on them. Any signed-in user reads
 * them (pickers of later modules); administrators write and export. Plain data: the web kit
 * imports it at run time.
 */
import { CLIENT_APPLICATIONS_MAX, CLIENT_CONTACTS_MAX, CLIENT_EXPORT_MAX_ROWS, CLIENT_STATUSES } from './clients.constants';
import { defineResource } from './resource';

export const clientResource = defineResource({
  name: 'clients',
  singular: 'client',
  fields: {
    code: { kind: 'text', required: true, pattern: 'clientCode', unique: 'ci', sortable: true, searchable: true },
    name: { kind: 'text', required: true, minLength: 1, maxLength: 200, sortable: true, searchable: true },
    industry: { kind: 'text', maxLength: 100, sortable: true, filterable: 'ieq' },
    status: { kind: 'enum', values: CLIENT_STATUSES, default: 'active', sortable: true, filterable: 'eq', form: { input: 'radio' } },
    contacts: {
      kind: 'list',
      max: CLIENT_CONTACTS_MAX,
      listed: false,
      of: {
        name: { kind: 'text', required: true, minLength: 1, maxLength: 100 },
        title: { kind: 'text', maxLength: 100 },
        email: { kind: 'email', maxLength: 254 },
        phone: { kind: 'phone' },
      },
    },
    address: { kind: 'longText', maxLength: 500, listed: false },
    notes: { kind: 'longText', maxLength: 5000, listed: false },
    applicationIds: {
      kind: 'reference',
      to: 'applications',
      many: true,
      max: CLIENT_APPLICATIONS_MAX,
      unknownMessage: 'errors.client.applicationUnknown',
      readAs: { key: 'applications', display: ['slug', 'name'] },
      filterable: 'has',
      filterParam: 'applicationId',
      form: { input: 'picker' },
    },
  },
  access: { list: 'user', read: 'user', create: 'admin', update: 'admin', delete: 'admin', export: 'admin' },
  audit: 'client',
  deletion: { mode: 'recycle', type: 'client', label: ['code', 'name'] },
  paging: 'pages',
  defaultSort: 'code:asc',
  messages: { notFound: 'errors.client.notFound', taken: { code: 'errors.client.codeTaken' } },
  export: { maxRows: CLIENT_EXPORT_MAX_ROWS },
  extraRoutes: { industries: { method: 'GET', path: '/industries', access: 'user' } },
});
export type ClientResource = typeof clientResource;
