/**
 * Which menu the one ProLayout shows: the console's under `/admin`, the workspace's
 * under `/{app}` with `:app` filled in (generatePath), nothing elsewhere. Pure, unit-tested.
 */
import { generatePath } from 'umi';
import { TOP_LEVEL_WORDS } from '../../contracts/reserved';

/** The part of ProLayout's MenuDataItem this module reads and writes. */
export interface MenuItem {
  path?: string;
  key?: string;
  name?: string;
  hideInMenu?: boolean;
  /** config/routes' `menuGroup`: the group this entry is listed under. */
  menuGroup?: string;
  children?: MenuItem[];
  [key: string]: unknown;
}

export type Area = { kind: 'admin' } | { kind: 'workspace'; app: string } | { kind: 'none' };

/** The first path segments that are not a workspace: the top-level routes of docs/routes-and-loading.md "Route table" (contracts/reserved.ts). */
const NON_WORKSPACE = new Set<string>(['', ...TOP_LEVEL_WORDS]);

/** The area a pathname belongs to: `/admin/**` → admin, `/{app}/**` → that workspace. */
export function areaOf(pathname: string): Area {
  const first = decodeURIComponent(pathname.split('/')[1] ?? '');
  if (first === 'admin') return { kind: 'admin' };
  if (NON_WORKSPACE.has(first)) return { kind: 'none' };
  return { kind: 'workspace', app: first };
}

/**
 * Whether the layout draws its side menu on `pathname`: in the console and a workspace; not on the
 * top-level pages (`/compare_record_field`, `/audit_report`, …), whose menu is always empty — a
 * sider there would be an empty column beside the page.
 */
export function hasSideMenu(pathname: string): boolean {
  return areaOf(pathname).kind !== 'none';
}

/** True when `:app` is the path's only parameter (others, e.g. `:record`, stay hidden in menus). */
function onlyAppParam(path: string): boolean {
  const params = path.match(/:[A-Za-z_]+/g) ?? [];
  return params.length === 1 && params[0] === ':app';
}

/** Fills `:app` into paths, and into keys that are paths (ProLayout keys its items by path). */
function fill(items: MenuItem[], app: string): MenuItem[] {
  return items.map((item) => {
    const path = item.path && onlyAppParam(item.path) ? generatePath(item.path, { app }) : item.path;
    return {
      ...item,
      path,
      key: item.key === undefined || item.key === item.path ? path : item.key,
      children: item.children ? fill(item.children, app) : undefined,
    };
  });
}

/**
 * Gathers entries that carry a `menuGroup` under one sub-menu per group, placed where the group's
 * first entry stands; a group whose entries are all hidden (or forbidden: umi's access plugin marks
 * them `unaccessible`, e.g. the console's groups for a non-administrator in the personal center)
 * is hidden too.
 */
export function groupMenu(items: MenuItem[], groupLabel: (group: string) => string): MenuItem[] {
  const out: MenuItem[] = [];
  const groups = new Map<string, MenuItem & { children: MenuItem[] }>();
  for (const item of items) {
    const group = item.menuGroup;
    if (!group) {
      out.push(item);
      continue;
    }
    let node = groups.get(group);
    if (!node) {
      node = { key: `group:${group}`, name: groupLabel(group), children: [] };
      groups.set(group, node);
      out.push(node);
    }
    node.children.push(item);
  }
  for (const node of groups.values()) node.hideInMenu = node.children.every((c) => c.hideInMenu || c.unaccessible === true);
  return out;
}

/**
 * What the workspace menu needs of the open application (src/pages/workspace/WorkspaceGate.tsx
 * reads it): enabled modules, subjects and saved views. Names are the owners' own (not translated).
 */
export interface WorkspaceMenuData {
  app: string;
  modules: readonly string[];
  subjects: readonly { key: string; name: string }[];
  views: readonly { id: string; name: string; subjectName: string }[];
}

/** At most this many subjects and views are listed in the menu (the rest: the workspace home). */
export const MENU_SUBJECTS_MAX = 50;
export const MENU_VIEWS_MAX = 30;

/** The workspace's own entries: its subjects (`/{app}/{key}`) and saved views (`/{app}/view/{id}`). */
export function workspaceEntries(ws: WorkspaceMenuData): MenuItem[] {
  const app = encodeURIComponent(ws.app);
  const subjects = ws.subjects.slice(0, MENU_SUBJECTS_MAX).map((s) => {
    const path = `/${app}/${encodeURIComponent(s.key)}`;
    return { path, key: path, name: s.name, locale: false, menuGroup: 'subjects' } as MenuItem;
  });
  const views = ws.views.slice(0, MENU_VIEWS_MAX).map((v) => {
    const path = `/${app}/view/${v.id}`;
    return { path, key: path, name: `${v.name} · ${v.subjectName}`, locale: false, menuGroup: 'views' } as MenuItem;
  });
  return [...subjects, ...views];
}

/**
 * The menu for `pathname`: the children of the area's root route (`/admin` or `/:app`), grouped
 * by `menuGroup`, with `:app` replaced by the current application in the workspace. In a
 * workspace, entries of a module (`appModule`) show only when `workspace` (the open application)
 * enables it, and the application's subjects and views follow the home entry. Other areas get an
 * empty menu. `groupLabel` translates a group key (`menu.group.<key>`).
 */
export function menuForPath(
  menuData: MenuItem[],
  pathname: string,
  groupLabel: (group: string) => string = (g) => g,
  workspace?: WorkspaceMenuData,
): MenuItem[] {
  const area = areaOf(pathname);
  if (area.kind === 'none') return [];
  const rootPath = area.kind === 'admin' ? '/admin' : '/:app';
  const root = menuData.find((item) => item.path === rootPath);
  const children = root?.children ?? [];
  if (area.kind === 'admin') return groupMenu(children, groupLabel);
  const ws = workspace?.app === area.app ? workspace : undefined;
  const enabled = new Set(ws?.modules ?? []);
  const items = fill(children, area.app).filter((item) => typeof item.appModule !== 'string' || enabled.has(item.appModule));
  if (ws) {
    const home = items.findIndex((item) => item.path === `/${area.app}`);
    items.splice(home + 1, 0, ...workspaceEntries(ws));
  }
  return groupMenu(items, groupLabel);
}
