import type { CurrentUser } from '../contracts';
import access from './access';

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
