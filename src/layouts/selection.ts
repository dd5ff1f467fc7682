import { adminRoutes } from '../../config/routes/admin';
import type { AppRoute } from '../../config/routes/types';
import { workspaceRoutes } from '../../config/routes/workspace';
import { areaOf } from './menu';

/**
 * Which menu entry is selected for a pathname. ProLayout marks every entry whose path is a prefix
 * of the location (so the console or workspace home stayed lit on every page); Assay selects
 * the one longest entry: `/admin/rule/42` → `/admin/rule`, `/admin` only on itself.
 */
export function selectedMenuKey(pathname: string, menuPaths: string[]): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | undefined;
  for (const p of menuPaths) {
    if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
  }
  return best;
}

function visibleRoutePaths(routes: AppRoute[]): string[] {
  return routes.flatMap((r) => [...(r.component && !r.hideInMenu ? [r.path] : []), ...visibleRoutePaths(r.routes ?? [])]);
}

const ADMIN_PATHS = visibleRoutePaths(adminRoutes);
const WORKSPACE_PATHS = visibleRoutePaths(workspaceRoutes[0]?.routes ?? []);

/**
 * ProLayout `selectedKeys` for a pathname, from the same route tables the menu is built from
 * (menu keys are paths, `:app` filled in) and the workspace's own entries (`extraPaths`: its
 * subjects and views, layouts/menu.ts workspaceEntries), so a subject's page and its records light
 * the subject, not the home entry. Empty outside both areas.
 */
export function selectedKeysFor(pathname: string, extraPaths: readonly string[] = []): string[] {
  const area = areaOf(pathname);
  if (area.kind === 'none') return [];
  const paths =
    area.kind === 'admin' ? ADMIN_PATHS : [...WORKSPACE_PATHS.map((p) => p.replace(/^\/:app(?=\/|$)/, `/${area.app}`)), ...extraPaths];
  const key = selectedMenuKey(pathname, paths);
  return key ? [key] : [];
}
