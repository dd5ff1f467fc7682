/**
 * Umi runtime configuration (STYLE.md): the initial state (who is signed in), the one ProLayout
 * for the console and the workspaces, the request layer, react-query's defaults (SPEC.md §9
 * retry policy) and the root error boundary for pages without the layout.
 */
import React from 'react';
import { getLocale, history, setLocale } from 'umi';
import type { RequestConfig, RunTimeLayoutConfig } from 'umi';
import { PRIMARY_COLOR } from '../config/theme';
import AppSwitcher from './components/AppSwitcher';
import ExceptionResult from './components/ExceptionResult';
import LanguageSwitch from './components/LanguageSwitch';
import RouteErrorBoundary from './components/RouteErrorBoundary';
import UserMenu from './components/UserMenu';
import type { InitialState } from './initialState';
import { areaOf, menuForPath } from './layouts/menu';
import { retryDelayMs, shouldRetry } from './loaders/retry';
import { requestConfig } from './requestErrorConfig';
import { getCurrentUser } from './services/auth';

/** Pages a visitor may open without signing in. */
const PUBLIC_PATHS = new Set(['/login', '/init', '/403', '/404', '/500']);

/** Reads the session; applies the user's saved language. A network failure counts as anonymous. */
export async function getInitialState(): Promise<InitialState> {
  document.documentElement.style.setProperty('--assay-primary', PRIMARY_COLOR);
  const currentUser = await getCurrentUser().catch(() => null);
  if (currentUser && currentUser.locale !== getLocale()) setLocale(currentUser.locale, false);
  return { currentUser };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const user = initialState?.currentUser ?? null;
  const pathname = history.location.pathname;
  const area = areaOf(pathname);
  return {
    layout: 'mix',
    logo: '/admin/logo.svg',
    splitMenus: false,
    menu: { locale: true },
    rightContentRender: false,
    menuDataRender: (menuData) => menuForPath(menuData, pathname),
    actionsRender: () => [
      ...(user ? [<AppSwitcher key="apps" current={area.kind === 'workspace' ? area.app : undefined} />] : []),
      <LanguageSwitch key="lang" />,
    ],
    avatarProps: user ? { title: user.name, size: 'small', render: (_props, dom) => <UserMenu>{dom}</UserMenu> } : undefined,
    onPageChange: () => {
      const { pathname: path, search } = history.location;
      if (!user && !PUBLIC_PATHS.has(path)) {
        history.replace(`/login?redirect=${encodeURIComponent(path + search)}`);
      }
    },
    unAccessible: <ExceptionResult code={403} />,
    noFound: <ExceptionResult code={404} />,
    ErrorBoundary: RouteErrorBoundary,
  };
};

export const request: RequestConfig = requestConfig;

/** react-query defaults: SPEC.md §9 retry policy, set explicitly (src/loaders/retry.ts). */
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
