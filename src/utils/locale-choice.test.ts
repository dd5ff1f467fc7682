import { browserLocale, localeToSaveAtSignIn, visitorLocale } from './locale-choice';

describe('locale choice', () => {
  test('a visitor gets the browser language when Assay has it', () => {
    expect(visitorLocale(null, ['en-GB', 'zh-CN'], 'zh-CN')).toBe('en-US');
    expect(visitorLocale(null, ['zh-Hans-CN', 'en'], 'en-US')).toBe('zh-CN');
    expect(visitorLocale(null, ['EN-us'], 'zh-CN')).toBe('en-US');
  });
  test('a visitor whose browser prefers none of ours gets the site default', () => {
    expect(visitorLocale(null, ['fr-FR', 'de'], 'zh-CN')).toBe('zh-CN');
    expect(visitorLocale(null, [], 'en-US')).toBe('en-US');
  });
  test("a visitor's earlier pick wins over the browser; junk is ignored", () => {
    expect(visitorLocale('zh-CN', ['en-US'], 'en-US')).toBe('zh-CN');
    expect(visitorLocale('fr', ['en-US'], 'zh-CN')).toBe('en-US');
  });
  test('browserLocale skips unknown tags before a known one', () => {
    expect(browserLocale(['ja', 'fr', 'en'])).toBe('en-US');
    expect(browserLocale(['ja'])).toBeUndefined();
  });
  test('signing in keeps the saved language unless one was picked on the sign-in page', () => {
    // a new browser shows zh-CN by default: nothing was picked, the saved en-US stays
    expect(localeToSaveAtSignIn('en-US', null)).toBeUndefined();
    expect(localeToSaveAtSignIn('en-US', 'en-US')).toBeUndefined();
    expect(localeToSaveAtSignIn('en-US', 'zh-CN')).toBe('zh-CN');
    expect(localeToSaveAtSignIn('en-US', 'xx')).toBeUndefined();
  });
});
