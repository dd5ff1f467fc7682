import { validateLogin } from './validate';

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'common.required', password: 'common.required' }],
    [{ email: 'ada', password: 'x' }, { email: 'login.emailInvalid' }],
    [{ email: ' ada@example.com ', password: '' }, { password: 'common.required' }],
    [{ email: 'ada@example.com', password: 'secret' }, {}],
  ])('%j → %j', (input, errors) => expect(validateLogin(input)).toEqual(errors));
});
