/**
 * Umi runtime configuration (docs/code-style.md "Layout"): the initial state (who is signed in), the one ProLayout
 * for the console and the workspaces, the request layer, react-query's defaults (docs/routes-and-loading.md
 * "Retry policy") and the root error boundary for pages without the layout.
 */
import React from 'react';
import { getIntl, getLocale, history, setLocale } from 'umi';
import type { RequestConfig, RunTimeLayoutConfig } from 'umi';
import { PRIMARY_COLOR } from '../config/theme';
import RouteErrorBoundary from './components/RouteErrorBoundary';
import { cspNonce, installCspNonce } from './csp';
import { logoOf, SITE_FALLBACK, type InitialState } from './initialState';
import { areaOf, hasSideMenu, menuForPath, workspaceEntries } from './layouts/menu';
import { selectedKeysFor } from './layouts/selection';
import { isShareGridPath } from './layouts/share';
import { followLocaleMessages, loadMessages, SHELL_ONLY_PATHS, withPageMessages } from './loaders/locale';
import type { MessageTier } from './loaders/locale';
import { retryDelayMs, shouldRetry } from './loaders/retry';
import { requestConfig } from './requestErrorConfig';
import { getCurrentUser } from './services/auth';
import { getPublicSettings } from './services/settings';
import { VISITOR_CHOICE_KEY, visitorLocale } from './utils/locale-choice';
import type { Locale } from '../contracts/constants';

/** localStorage key where Umi's locale plugin keeps the language last set (`useLocalStorage: true`, .umirc.ts). */
const UMI_LOCALE_KEY = 'umi_locale';

// Header pieces and the 403/404 results load with the layout, not in the first-load bundle
// (docs/routes-and-loading.md "First-load budget"); the route error boundary stays eager so a failed chunk can still be reported.
const HeaderActions = React.lazy(() => import('./components/HeaderActions'));
const UserMenu = React.lazy(() => import('./components/UserMenu'));
const ExceptionResult = React.lazy(() => import('./components/ExceptionResult'));

/** Pages a visitor may open without signing in. */
const PUBLIC_PATHS = new Set(['/login', '/init', '/403', '/404', '/500']);

/** Where a user whose password expired is sent (system settings' password policy). */
const PASSWORD_TAB = '/admin/person?tab=password';

/**
 * `<html lang>` follows the active language (zh-CN or en-US), so screen readers and the browser
 * read the page in it: set now, and again on each switch (umi's setLocale without reload fires
 * `languagechange` on window).
 */
function followLocaleInHtmlLang(): void {
  const sync = () => {
    document.documentElement.lang = getLocale();
  };
  sync();
  window.addEventListener('languagechange', sync);
}

/**
 * Reads the session and the site's public settings (name, logo, default language) in parallel;
 * applies the user's saved language, or for a visitor their earlier pick, the browser's language
 * when Assay has it, else the site's default language (utils/locale-choice.ts). A network failure counts as anonymous with the fallback site.
 * Resolves once that language's messages are in (loaders/locale.ts), so the first paint shows no message ids.
 */
export async function getInitialState(): Promise<InitialState> {
  document.documentElement.style.setProperty('--assay-primary', PRIMARY_COLOR);
  followLocaleInHtmlLang();
  followLocaleMessages();
  // messages on demand (loaders/locale.ts): the likely language's start loading alongside the session
  // (the language last used in this browser, else a visitor's), the modules' too off the shell's pages
  const shellOnly = SHELL_ONLY_PATHS.has(window.location.pathname);
  const tiers = (signedIn: boolean): MessageTier[] =>
    (signedIn && !shellOnly) || isShareGridPath(window.location.pathname) ? ['shell', 'pages'] : ['shell'];
  const visitorGuess = () => visitorLocale(window.localStorage.getItem(VISITOR_CHOICE_KEY), navigator.languages ?? [navigator.language], getLocale() as Locale);
  const likely = window.localStorage.getItem(UMI_LOCALE_KEY) ? getLocale() : visitorGuess();
  loadMessages(likely, tiers(!shellOnly)).catch(() => undefined);
  const [currentUser, site] = await Promise.all([
    getCurrentUser().catch(() => null),
    getPublicSettings().catch(() => SITE_FALLBACK),
  ]);
  // a user's saved language; a visitor's earlier pick, else the browser's language, else the site's
  const locale = currentUser
    ? currentUser.locale
    : visitorLocale(window.localStorage.getItem(VISITOR_CHOICE_KEY), navigator.languages ?? [navigator.language], site.defaultLocale);
  // the first paint speaks the language: its messages are in before render (if a chunk cannot be
  // fetched the page renders anyway; a route that needs the modules' messages then reports it)
  await loadMessages(locale, tiers(currentUser !== null)).catch(() => undefined);
  if (locale !== getLocale()) setLocale(locale, false);
  document.title = site.siteName;
  return { currentUser, site };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const user = initialState?.currentUser ?? null;
  const site = initialState?.site ?? SITE_FALLBACK;
  const pathname = history.location.pathname;
  const area = areaOf(pathname);
  const workspace = area.kind === 'workspace' && initialState?.workspace?.app === area.app ? initialState.workspace : undefined;
  // a share link's grid: no chrome, no sign-in (layouts/share.ts)
  const shared = isShareGridPath(pathname);
  return {
    pure: shared,
    // top-level pages (/compare_record_field, /audit_report) have no menu: no empty sider beside them
    ...(hasSideMenu(pathname) ? {} : { menuRender: false as const }),
    layout: 'mix',
    title: site.siteName,
    logo: logoOf(site),
    splitMenus: false,
    rightContentRender: false,
    menu: { locale: true, type: 'group' },
    menuDataRender: (menuData) =>
      menuForPath(menuData, pathname, (group) => getIntl().formatMessage({ id: `menu.group.${group}` }), initialState?.workspace),
    selectedKeys: selectedKeysFor(pathname, workspace ? workspaceEntries(workspace).map((e) => e.path ?? '') : []),
    actionsRender: () => [
      <React.Suspense key="actions" fallback={null}>
        <HeaderActions signedIn={user !== null} currentApp={area.kind === 'workspace' ? area.app : undefined} />
      </React.Suspense>,
    ],
    avatarProps: user
      ? {
          title: user.name,
          size: 'small',
          render: (_props, dom) => (
            <React.Suspense fallback={dom}>
              <UserMenu>{dom}</UserMenu>
            </React.Suspense>
          ),
        }
      : undefined,
    onPageChange: () => {
      const { pathname: path, search } = history.location;
      if (!user && !PUBLIC_PATHS.has(path) && !isShareGridPath(path)) {
        history.replace(`/login?redirect=${encodeURIComponent(path + search)}`);
      } else if (user?.passwordExpired && path !== '/admin/person') {
        history.replace(PASSWORD_TAB);
      }
    },
    unAccessible: (
      <React.Suspense fallback={null}>
        <ExceptionResult code={403} />
      </React.Suspense>
    ),
    noFound: (
      <React.Suspense fallback={null}>
        <ExceptionResult code={404} />
      </React.Suspense>
    ),
    ErrorBoundary: RouteErrorBoundary,
  };
};

/**
 * Every route but the layout and the shell's own pages (loaders/locale.ts SHELL_ONLY_PATHS) renders
 * once the active language's `pages` messages are in, so a move from /login into the app shows no
 * message ids (Umi's runtime `patchRoutes`: `routes` by id, `routeComponents` the lazy pages).
 */
export function patchRoutes({ routes, routeComponents }: { routes: Record<string, { path?: string }>; routeComponents: Record<string, React.ComponentType<object>> }) {
  for (const id of Object.keys(routeComponents)) {
    if (id === 'ant-design-pro-layout' || SHELL_ONLY_PATHS.has(routes[id]?.path ?? '')) continue;
    routeComponents[id] = withPageMessages(routeComponents[id]);
  }
}

export const request: RequestConfig = requestConfig;

installCspNonce();

/**
 * antd ConfigProvider: the CSP nonce the server templates into index.html, for cssinjs `<style>`
 * tags; and no component motion (modals, menus, messages appear at once) for a user whose system
 * asks for reduced motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3). The route spinner keeps
 * turning: it is the one sign that a page is loading.
 */
export function antd(memo: Record<string, unknown>) {
  if (cspNonce) memo.csp = { nonce: cspNonce };
  if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    const theme = (memo.theme ?? {}) as { token?: Record<string, unknown> };
    memo.theme = { ...theme, token: { ...theme.token, motion: false } };
  }
  return memo;
}

/** react-query defaults: the retry policy of docs/routes-and-loading.md "Retry policy", set explicitly (src/loaders/retry.ts). */
export const reactQuery = {
  queryClient: {
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, refetchOnWindowFocus: false },
    },
  },
};

/**
 * Pages rendered without the layout (login, init, error pages) get the same route boundary.
 * `innerProvider` sits inside the locale and react-query providers (Umi applies `rootContainer`
 * outermost, outside i18n), so the boundary can translate its messages.
 */
export function innerProvider(container: React.ReactNode) {
  return <RouteErrorBoundary>{container}</RouteErrorBoundary>;
}
