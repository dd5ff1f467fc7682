/**
 * Which evidence store a screen shows: an application's (`/:app/files`, by its slug) or the
 * console's (`/admin/document`, administrators). Builds the API paths of docs/documents.md.
 */
export type DocumentScope = { kind: 'app'; slug: string } | { kind: 'console' };

/** `/api/v1/applications/:slug` or `/api/v1`: the prefix of the scope's folder and document lists. */
export const scopeBase = (scope: DocumentScope) =>
  scope.kind === 'app' ? `/api/v1/applications/${encodeURIComponent(scope.slug)}` : '/api/v1';

/** A stable react-query key part of the scope. */
export const scopeKey = (scope: DocumentScope) => (scope.kind === 'app' ? `app:${scope.slug}` : 'console');
