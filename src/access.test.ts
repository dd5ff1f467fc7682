import type { CurrentUser } from '../contracts';
import access, { appAccess, hasAppRole } from './access';

const user = (isAdmin: boolean): CurrentUser => ({
  id: 'u1',
  name: 'U',
  email: 'u@x.io',
  isAdmin,
  locale: 'zh-CN',
  lastApp: null,
});

describe('access', () => {
  it.each([
    ['anonymous', undefined, { isLoggedIn: false, canAdmin: false }],
    ['anonymous (null user)', { currentUser: null }, { isLoggedIn: false, canAdmin: false }],
    ['auditor', { currentUser: user(false) }, { isLoggedIn: true, canAdmin: false }],
    ['administrator', { currentUser: user(true) }, { isLoggedIn: true, canAdmin: true }],
  ])('%s', (_who, state, expected) => {
    expect(access(state)).toEqual(expected);
  });
});

describe('application roles (effective role, docs/product.md "Roles")', () => {
  it.each([
    [null, false, { canUseApp: false, canEditRecords: false, canManageApp: false }],
    ['viewer', false, { canUseApp: true, canEditRecords: false, canManageApp: false }],
    ['editor', false, { canUseApp: true, canEditRecords: true, canManageApp: false }],
    ['owner', false, { canUseApp: true, canEditRecords: true, canManageApp: true }],
    [null, true, { canUseApp: true, canEditRecords: true, canManageApp: true }],
  ] as const)('role %s, admin %s', (role, isAdmin, expected) => {
    expect(appAccess(role, isAdmin)).toEqual(expected);
  });
  it('compares roles by strength', () => {
    expect(hasAppRole('editor', 'viewer')).toBe(true);
    expect(hasAppRole('viewer', 'editor')).toBe(false);
    expect(hasAppRole(undefined, 'viewer')).toBe(false);
  });
});
