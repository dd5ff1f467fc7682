import { applicationCreateSchema, initInputSchema, isReservedWord, translate } from './index';

describe('application slugs', () => {
  it('refuses reserved words of the route table (docs/routes.txt), case-insensitively', () => {
    for (const word of ['admin', 'login', 'init', 'api', '__serverLoader', 'noticeCenter', 'files', 'audit_report']) {
      expect(isReservedWord(word)).toBe(true);
    }
    expect(isReservedWord('demo')).toBe(false);
  });

  it('validates the pattern and reports the field', () => {
    const bad = applicationCreateSchema.safeParse({ slug: 'Admin Space', name: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['slug']);
    expect(bad.error?.issues[0].message).toBe('errors.slug.pattern');
    const reserved = applicationCreateSchema.safeParse({ slug: 'admin', name: 'x' });
    expect(reserved.error?.issues[0].message).toBe('errors.slug.reserved');
    expect(applicationCreateSchema.safeParse({ slug: 'audit-2026', name: 'Audit 2026' }).success).toBe(true);
  });
});

describe('password rule', () => {
  const base = { name: 'Ada', email: 'ada@example.com' };
  it.each([
    ['short1', 'errors.password.tooShort'],
    ['abcdefghijkl', 'errors.password.weak'],
    ['123456789012', 'errors.password.weak'],
    ['a1a1a1a1a1a1', 'errors.password.weak'],
  ])('%s is refused', (password, key) => {
    const r = initInputSchema.safeParse({ ...base, password });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(key);
  });

  it('accepts letters with digits of 10+ characters and lower-cases the e-mail', () => {
    const r = initInputSchema.safeParse({ ...base, email: ' Ada@Example.COM ', password: 'correct-horse-42' });
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('ada@example.com');
  });
});

describe('messages', () => {
  it('translates catalogue keys in both languages and leaves other text alone', () => {
    expect(translate('errors.invalidCredentials', 'en-US')).toBe('Wrong e-mail or password');
    expect(translate('errors.invalidCredentials', 'zh-CN')).toBe('邮箱或密码错误');
    expect(translate('free text', 'zh-CN')).toBe('free text');
  });
});
