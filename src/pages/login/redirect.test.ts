import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/admin/user?x=1', '/admin/user?x=1'],
    ['/demo', '/demo'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/login?redirect=/x', '/'],
  ])('%s → %s', (input, expected) => expect(safeRedirect(input)).toBe(expected));
});
