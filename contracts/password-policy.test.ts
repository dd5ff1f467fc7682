import { isPasswordExpired, passwordClassCount, passwordPolicyProblem } from './password-policy';

describe('password policy', () => {
  it('counts the four character classes (letters without case count as lower-case)', () => {
    expect(passwordClassCount('abcdef')).toBe(1);
    expect(passwordClassCount('abcDEF')).toBe(2);
    expect(passwordClassCount('abcDEF12')).toBe(3);
    expect(passwordClassCount('abcDEF12!')).toBe(4);
    expect(passwordClassCount('审计密码2026')).toBe(2);
    expect(passwordClassCount('')).toBe(0);
  });

  it('names the first rule broken: length (code points), then classes', () => {
    const policy = { minLength: 10, requiredClasses: 3 };
    expect(passwordPolicyProblem('Ab1!', policy)).toEqual({ messageKey: 'errors.password.policyLength', params: { min: 10 } });
    expect(passwordPolicyProblem('abcdefghij12', policy)).toEqual({ messageKey: 'errors.password.policyClasses', params: { n: 3 } });
    expect(passwordPolicyProblem('Abcdefghij12', policy)).toBeNull();
    expect(passwordPolicyProblem('审计密码审计密码审计', { minLength: 10, requiredClasses: 1 })).toBeNull();
  });

  it('expires a password after the given days; 0 never', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(isPasswordExpired(new Date('2026-10-23T00:00:00Z'), 30, now)).toBe(true);
    expect(isPasswordExpired(new Date('2026-10-24T00:00:00Z'), 30, now)).toBe(false);
    expect(isPasswordExpired(new Date('2000-01-01T00:00:00Z'), 0, now)).toBe(false);
  });
});
