/**
 * Which menu the one ProLayout shows (issue 2): the console's under `/admin`, the workspace's
 * under `/{app}` with `:app` filled in (generatePath), nothing elsewhere. Pure, unit-tested.
 */
import { generatePath } from 'umi';

/** The part of ProLayout's MenuDataItem this module reads and writes. */
export interface MenuItem {
  path?: string;
  name?: string;
  hideInMenu?: boolean;
  children?: MenuItem[];
  [key: string]: unknown;
}

export type Area = { kind: 'admin' } | { kind: 'workspace'; app: string } | { kind: 'none' };

/** The first path segments that are not a workspace (top-level routes of SPEC.md §2). */
const NON_WORKSPACE = new Set([
  '',
  'admin',
  'login',
  'init',
  '403',
  '404',
  '500',
  'audit_report',
  'grid_view',
  'compare_record_field',
]);

/** The area a pathname belongs to: `/admin/**` → admin, `/{app}/**` → that workspace. */
export function areaOf(pathname: string): Area {
  const first = decodeURIComponent(pathname.split('/')[1] ?? '');
  if (first === 'admin') return { kind: 'admin' };
  if (NON_WORKSPACE.has(first)) return { kind: 'none' };
  return { kind: 'workspace', app: first };
}

/** True when `:app` is the path's only parameter (others, e.g. `:record`, stay hidden in menus). */
function onlyAppParam(path: string): boolean {
  const params = path.match(/:[A-Za-z_]+/g) ?? [];
  return params.length === 1 && params[0] === ':app';
}

function fill(items: MenuItem[], app: string): MenuItem[] {
  return items.map((item) => ({
    ...item,
    path: item.path && onlyAppParam(item.path) ? generatePath(item.path, { app }) : item.path,
    children: item.children ? fill(item.children, app) : undefined,
  }));
}

/**
 * The menu for `pathname`: the children of the area's root route (`/admin` or `/:app`), with
 * `:app` replaced by the current application in the workspace. Other areas get an empty menu.
 */
export function menuForPath(menuData: MenuItem[], pathname: string): MenuItem[] {
  const area = areaOf(pathname);
  if (area.kind === 'none') return [];
  const rootPath = area.kind === 'admin' ? '/admin' : '/:app';
  const root = menuData.find((item) => item.path === rootPath);
  const children = root?.children ?? [];
  return area.kind === 'workspace' ? fill(children, area.app) : children;
}
