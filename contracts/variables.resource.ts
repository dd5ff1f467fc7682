/**
 * The variables resource (`/admin/variable`) as the resource kit's definition
 * (contracts/resource.ts): a key (unique per scope among live variables), a type, a scope (null =
 * global, else one application), a value checked against the type and a description. A secret's
 * value is write-only and stored encrypted (server/src/modules/variables): the read shape
 * (contracts/variables.ts `variableSchema`) adds `hasValue` and the application's slug and name.
 * Administrators only. Plain data: the web kit imports it at run time.
 */
import { VARIABLE_TYPES, VARIABLE_VALUE_MAX } from './variables.constants';
import { defineResource } from './resource';

export const variableResource = defineResource({
  name: 'variables',
  singular: 'variable',
  fields: {
    key: {
      kind: 'text',
      required: true,
      pattern: 'variableKey',
      unique: true,
      uniqueWithin: ['applicationId'],
      sortable: true,
      searchable: true,
    },
    type: { kind: 'enum', values: VARIABLE_TYPES, required: true, sortable: true, filterable: 'eq' },
    /** null = global; the list filters it by `scope` (`global` or an application id). */
    applicationId: { kind: 'reference', to: 'applications', form: { input: 'picker' } },
    /** Checked against the type; a secret's is never answered. Kept as sent (not trimmed). */
    value: { kind: 'longText', required: true, maxLength: VARIABLE_VALUE_MAX, trim: false, listed: false, exported: false },
    description: { kind: 'longText', maxLength: 2000, searchable: true },
  },
  access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  audit: 'variable',
  deletion: { mode: 'recycle', type: 'variable', label: ['key'] },
  paging: 'pages',
  defaultSort: 'key:asc',
  messages: {
    notFound: 'errors.variable.notFound',
    taken: { key: 'errors.variable.keyTaken' },
    restoreTaken: 'errors.variable.keyTaken',
  },
});
export type VariableResource = typeof variableResource;
