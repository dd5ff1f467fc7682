/**
 * The request's language (docs/product.md "API conventions": server messages follow it):
 * the `Accept-Language` header, highest q first; `zh*` → zh-CN, `en*` → en-US, default zh-CN.
 */
import { z } from 'zod';
import { DEFAULT_LOCALE, isMessageKey, translate, type Locale } from '../../../contracts';

/**
 * The interface locale for an `Accept-Language` value, e.g. `en-GB,en;q=0.9` → en-US,
 * `fr, en;q=0.5` → en-US, `fr` → zh-CN, missing → zh-CN.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

type LocaleError = ReturnType<typeof z.locales.en>['localeError'];
type RawIssue = Parameters<LocaleError>[0];

const zodLocales: Record<Locale, LocaleError> = {
  'zh-CN': z.locales.zhCN().localeError,
  'en-US': z.locales.en().localeError,
};

/**
 * One validation issue's message in `locale`: a custom message that is a catalogue key
 * (`errors.*`, contracts/messages.ts) is translated; zod's built-in messages are re-rendered from
 * the issue with zod v4's own locale (`z.locales.zhCN()` / `z.locales.en()`).
 * @param issue the zod issue (code, path, message and the code's own fields such as `minimum`).
 */
export function localiseIssue(issue: { code: string; message: string } & Record<string, unknown>, locale: Locale): string {
  if (isMessageKey(issue.message)) return translate(issue.message, locale);
  const rendered = zodLocales[locale](issue as unknown as RawIssue);
  if (typeof rendered === 'string') return rendered;
  if (rendered && typeof rendered.message === 'string') return rendered.message;
  return issue.message;
}
