/**
 * The groups resource (`/admin/group`, docs/product.md "Roles") as the resource kit's definition
 * (contracts/resource.ts): a name (unique case-insensitively among live groups) and a description,
 * with the counts of live members and of application grants. The members and the grants are
 * sub-resources of a group (its extra routes). Administrators only. Plain data: the web kit
 * imports it at run time.
 */
import { defineResource } from './resource';

export const groupResource = defineResource({
  name: 'groups',
  singular: 'group',
  fields: {
    name: { kind: 'text', required: true, minLength: 1, maxLength: 100, unique: 'ci', sortable: true, searchable: true },
    description: { kind: 'longText', maxLength: 500, searchable: true },
    /** Live (not deleted) users in the group (server-computed). */
    memberCount: { kind: 'number', readOnly: true, sortable: true },
    /** Applications the group has a role in (server-computed). */
    grantCount: { kind: 'number', readOnly: true },
  },
  access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  audit: 'group',
  deletion: { mode: 'recycle', type: 'group', label: ['name'] },
  paging: 'pages',
  defaultSort: 'name:asc',
  messages: {
    notFound: 'errors.groupNotFound',
    taken: { name: 'errors.groupNameTaken' },
    restoreTaken: 'errors.groupNameTaken',
    notDeleted: 'errors.groupNotDeleted',
  },
  extraRoutes: {
    members: { method: 'GET', path: '/:id/members', access: 'admin' },
    addMember: { method: 'POST', path: '/:id/members', access: 'admin' },
    removeMember: { method: 'DELETE', path: '/:id/members/:userId', access: 'admin' },
    setGrant: { method: 'PUT', path: '/:id/grants/:applicationId', access: 'admin' },
    removeGrant: { method: 'DELETE', path: '/:id/grants/:applicationId', access: 'admin' },
  },
});
export type GroupResource = typeof groupResource;
