/**
 * Each language's messages on demand (docs/performance.md "Messages on demand"). Umi's locale plugin
 * bundles into umi.js only the boot strings of src/locales/<locale>.ts (what the route error
 * boundary says); the rest of a language is two chunks, loaded for the active language only:
 * - `shell` (src/locales/<locale>/shell.ts): sign-in, setup, error pages, header, route and menu
 *   names; every page has it before its first paint (getInitialState, src/app.tsx);
 * - `pages` (src/locales/<locale>/pages.ts): the modules' screens; a signed-in screen on first load
 *   has it before its first paint too, and every route but the shell's own pages waits for it
 *   (`withPageMessages`), so a move from /login into the app never shows a message id.
 * A language switch goes through `switchLocale`, which loads the new language's messages first.
 * Loaded messages are merged with Umi's `addLocale`; the global intl of `getIntl()` is rebuilt when
 * they are the active language's.
 */
import React from 'react';
import { addLocale, getLocale, setLocale } from 'umi';
// Umi's locale plugin does not re-export setIntl from 'umi'; getIntl() keeps the intl it last set
import { setIntl } from '@@/plugin-locale/localeExports';
import type { Locale } from '../../contracts/constants';

/** The message chunks of one language: `shell` (every page) and `pages` (the modules' screens). */
export type MessageTier = 'shell' | 'pages';

type Messages = Record<string, string>;
type Loader = () => Promise<{ default: Messages }>;

/** One chunk per language and tier, named `locale-<locale>-<tier>` in dist/. */
const LOADERS: Record<Locale, Record<MessageTier, Loader>> = {
  'zh-CN': {
    shell: () => import(/* webpackChunkName: "locale-zh-CN-shell" */ '../locales/zh-CN/shell'),
    pages: () => import(/* webpackChunkName: "locale-zh-CN-pages" */ '../locales/zh-CN/pages'),
  },
  'en-US': {
    shell: () => import(/* webpackChunkName: "locale-en-US-shell" */ '../locales/en-US/shell'),
    pages: () => import(/* webpackChunkName: "locale-en-US-pages" */ '../locales/en-US/pages'),
  },
};

/**
 * Paths whose pages need only the shell's messages: sign-in, setup and the error pages (public,
 * outside the layout). Every other route waits for the `pages` messages.
 */
export const SHELL_ONLY_PATHS: ReadonlySet<string> = new Set(['/login', '/init', '/403', '/404', '/500', '/*']);

const pending = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Whether `tier` of `locale` has been loaded and merged. */
export const hasMessages = (locale: string, tier: MessageTier): boolean => loaded.has(`${locale}/${tier}`);

function loadTier(locale: string, tier: MessageTier): Promise<void> {
  const key = `${locale}/${tier}`;
  const loader = LOADERS[locale as Locale]?.[tier];
  if (!loader) return Promise.resolve(); // a language Assay does not have: boot strings only
  let promise = pending.get(key);
  if (!promise) {
    promise = loader().then(
      ({ default: messages }) => {
        // addLocale keeps the antd and dayjs locales when none are given; its typing asks for them
        addLocale(locale, messages, undefined as unknown as Parameters<typeof addLocale>[2]);
        loaded.add(key);
        if (locale === getLocale()) setIntl(locale);
      },
      (error: unknown) => {
        pending.delete(key); // a later call tries again
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Loads and merges `tiers` of `locale`'s messages (each chunk once; a failed one is fetched again
 * on the next call). Rejects with webpack's ChunkLoadError when a chunk cannot be fetched.
 */
export async function loadMessages(locale: string, tiers: readonly MessageTier[]): Promise<void> {
  await Promise.all(tiers.map((tier) => loadTier(locale, tier)));
}

/**
 * Makes `locale` the interface language without a reload (Umi's setLocale) once its messages are
 * in: the shell's, and the pages' when `pages` (by default: when the active language has them, i.e.
 * a signed-in screen may be showing). If they cannot be fetched the switch still happens (the ids
 * show until a later load succeeds), so the language matches the saved preference.
 */
export async function switchLocale(
  locale: Locale,
  { pages = hasMessages(getLocale(), 'pages') }: { pages?: boolean } = {},
): Promise<void> {
  await loadMessages(locale, pages ? ['shell', 'pages'] : ['shell']).catch(() => undefined);
  if (locale !== getLocale()) setLocale(locale, false);
}

/**
 * A language set some other way than `switchLocale` (Umi's setLocale fires `languagechange` on
 * window) gets its messages loaded too: the same tiers as the language before it had.
 */
export function followLocaleMessages(): void {
  window.addEventListener('languagechange', () => {
    const tiers: MessageTier[] = [...loaded].some((k) => k.endsWith('/pages')) ? ['shell', 'pages'] : ['shell'];
    loadMessages(getLocale(), tiers).catch(() => undefined);
  });
}

/**
 * Route component `Page` that renders once the active language's `pages` messages are in (the
 * route's Suspense shows the loading spinner meanwhile). A chunk that cannot be fetched reaches the
 * route error boundary as a ChunkLoadError, like a page chunk (docs/routes-and-loading.md "Chunk errors").
 */
export function withPageMessages<P extends object>(Page: React.ComponentType<P>): React.ComponentType<P> {
  // React.lazy must resolve to a function component, not to the page's own lazy component
  const WithMessages = (props: P) => React.createElement(Page, props);
  return React.lazy(() =>
    loadMessages(getLocale(), ['pages']).then(() => ({ default: WithMessages })),
  ) as unknown as React.ComponentType<P>;
}
