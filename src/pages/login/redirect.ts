/**
 * The `?redirect=` target after login: a same-origin path only (`/x…`, never `//host` or a full
 * URL, which would be an open redirect); `/` otherwise.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/init')) return '/';
  return value;
}
