/**
 * The web half of the resource kit (docs/resource-kit.md "Web"): the table, the create/edit
 * dialog, the detail view, the reference picker, their hooks and pure derivations.
 */
export { default as ResourceTable } from './ResourceTable';
export type { ResourceTableProps, TableContext } from './ResourceTable';
export { default as ResourceFormModal } from './ResourceFormModal';
export type { FieldContext, FieldOverride, ResourceFormModalProps } from './ResourceFormModal';
export { default as ResourceDetail } from './ResourceDetail';
export type { ResourceDetailProps } from './ResourceDetail';
export { default as ReferenceSelect } from './ReferenceSelect';
export { useResourceDelete, useResourceDetail } from './hooks';
export { resourceText, rowTitle } from './messages';
export { resourceColumns, toListParams } from './columns';
