/**
 * Which language the interface starts in (docs/languages.md):
 * - a signed-in user: their saved preference, always; signing in never rewrites it unless the person
 *   picked a language on the sign-in page itself just before (an explicit choice of this visit);
 * - a visitor: a language they picked earlier in this browser, else the browser's first preferred
 *   language that Assay has (matched by primary subtag: `en-GB` → en-US, `zh-Hans-CN` → zh-CN), else
 *   the site's default language (system settings).
 */
import { LOCALES } from '../../contracts/constants';
import type { Locale } from '../../contracts/constants';

/** localStorage key of a language a signed-out visitor picked with the header switch. */
export const VISITOR_CHOICE_KEY = 'assay_visitor_locale';
/** sessionStorage key: set when the language was picked on this tab while signed out (sign-in page). */
export const PICKED_SIGNED_OUT_KEY = 'assay_locale_picked';

/** `value` when it is one of Assay's languages, else undefined. */
export function asLocale(value: string | null | undefined): Locale | undefined {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : undefined;
}

/**
 * The first of the browser's languages (navigator.languages, most preferred first) that Assay has,
 * matched exactly or by primary subtag; undefined when none matches.
 */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  for (const raw of languages) {
    const tag = raw.trim();
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.split('-')[0].toLowerCase();
    const byPrimary = LOCALES.find((l) => l.split('-')[0].toLowerCase() === primary);
    if (byPrimary) return byPrimary;
  }
  return undefined;
}

/** A visitor's language: their earlier pick in this browser, else the browser's, else the site default. */
export function visitorLocale(picked: string | null, languages: readonly string[], siteDefault: Locale): Locale {
  return asLocale(picked) ?? browserLocale(languages) ?? siteDefault;
}

/**
 * The language to save as a user's preference at sign-in, or undefined to keep the saved one:
 * only a language picked on this tab while signed out (the sign-in page's switch) that differs from
 * the saved preference.
 */
export function localeToSaveAtSignIn(saved: Locale, pickedThisVisit: string | null): Locale | undefined {
  const picked = asLocale(pickedThisVisit);
  return picked && picked !== saved ? picked : undefined;
}
