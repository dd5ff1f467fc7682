import { areaOf, hasSideMenu, menuForPath } from './menu';
import type { MenuItem } from './menu';

const menuData: MenuItem[] = [
  { path: '/login', name: 'login', hideInMenu: true },
  {
    path: '/admin',
    name: 'admin',
    children: [
      { path: '/admin', name: 'dashboard' },
      { path: '/admin/user', name: 'user' },
    ],
  },
  {
    path: '/:app',
    name: 'workspace',
    children: [
      { path: '/:app', name: 'home' },
      { path: '/:app/files', name: 'files' },
      { path: '/:app/:subject/:record', name: 'record', hideInMenu: true },
    ],
  },
];

describe('areaOf', () => {
  it.each([
    ['/admin', { kind: 'admin' }],
    ['/admin/user/42', { kind: 'admin' }],
    ['/demo', { kind: 'workspace', app: 'demo' }],
    ['/demo/files', { kind: 'workspace', app: 'demo' }],
    ['/', { kind: 'none' }],
    ['/login', { kind: 'none' }],
    ['/audit_report', { kind: 'none' }],
  ])('%s', (path, area) => expect(areaOf(path)).toEqual(area));
});

describe('hasSideMenu', () => {
  it.each([
    ['/admin/user', true],
    ['/demo/files', true],
    ['/compare_record_field', false],
    ['/audit_report', false],
  ])('%s', (path, shown) => expect(hasSideMenu(path)).toBe(shown));
});

describe('menuForPath', () => {
  it('shows the console menu under /admin', () => {
    expect(menuForPath(menuData, '/admin/user').map((m) => m.path)).toEqual(['/admin', '/admin/user']);
  });

  it('fills :app with the current application in a workspace', () => {
    const menu = menuForPath(menuData, '/audit-2026/files');
    expect(menu.map((m) => m.path)).toEqual(['/audit-2026', '/audit-2026/files', '/:app/:subject/:record']);
    expect(menu.map((m) => m.key)).toEqual(['/audit-2026', '/audit-2026/files', '/:app/:subject/:record']);
  });

  it('shows no menu outside both areas', () => {
    expect(menuForPath(menuData, '/login')).toEqual([]);
  });
});

describe('groupMenu via menuForPath', () => {
  const data: MenuItem[] = [
    {
      path: '/admin',
      children: [
        { path: '/admin', name: 'dashboard' },
        { path: '/admin/user', name: 'user', menuGroup: 'platform' },
        { path: '/admin/subject', name: 'subject', menuGroup: 'dataCore' },
        { path: '/admin/group', name: 'group', menuGroup: 'platform' },
        { path: '/admin/user/:user', name: 'userDetail', menuGroup: 'platform', hideInMenu: true },
        { path: '/admin/spider/create', name: 'spiderCreate', menuGroup: 'knowledge', hideInMenu: true },
      ],
    },
  ];

  it('puts grouped entries under one labelled sub-menu each, in order of first appearance', () => {
    const menu = menuForPath(data, '/admin', (g) => `label:${g}`);
    expect(menu.map((m) => m.name)).toEqual(['dashboard', 'label:platform', 'label:dataCore', 'label:knowledge']);
    expect(menu[1].children?.map((c) => c.name)).toEqual(['user', 'group', 'userDetail']);
    expect(menu[1].key).toBe('group:platform');
  });

  it('hides a group whose entries are all hidden', () => {
    const menu = menuForPath(data, '/admin');
    expect(menu.find((m) => m.key === 'group:knowledge')?.hideInMenu).toBe(true);
    expect(menu.find((m) => m.key === 'group:platform')?.hideInMenu).toBe(false);
  });

  it('hides a group whose entries are all forbidden (access: unaccessible)', () => {
    const forbidden = data.map((r) => ({ ...r, children: r.children?.map((c) => (c.menuGroup ? { ...c, unaccessible: true } : c)) }));
    const menu = menuForPath(forbidden, '/admin');
    expect(menu.filter((m) => m.key?.startsWith('group:')).every((m) => m.hideInMenu)).toBe(true);
  });
});

describe('workspace menu of an application', () => {
  const data: MenuItem[] = [
    {
      path: '/:app',
      name: 'workspace',
      children: [
        { path: '/:app', name: 'home' },
        { path: '/:app/audit_project', name: 'audit_project', menuGroup: 'audit', appModule: 'audit' },
        { path: '/:app/files', name: 'files', menuGroup: 'data', appModule: 'documents' },
        { path: '/:app/import', name: 'import', menuGroup: 'data' },
        { path: '/:app/data_analytics', name: 'data_analytics', menuGroup: 'data', appModule: 'analytics' },
      ],
    },
  ];
  const ws = {
    app: 'demo',
    modules: ['analytics', 'documents'],
    subjects: [
      { key: 'pkg', name: 'Packages' },
      { key: 'rel', name: 'Releases' },
    ],
    views: [{ id: 'v1', name: 'By section', subjectName: 'Packages' }],
  };
  const flat = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children ? flat(i.children) : [i.path ?? '']));

  it('shows only the enabled modules, and the data core always', () => {
    const paths = flat(menuForPath(data, '/demo', undefined, ws));
    expect(paths).toContain('/demo/files');
    expect(paths).toContain('/demo/data_analytics');
    expect(paths).toContain('/demo/import');
    expect(paths).not.toContain('/demo/audit_project');
  });

  it("lists the subjects and views after home, under their groups, with the owners' names untranslated", () => {
    const menu = menuForPath(data, '/demo/pkg', (g) => `G:${g}`, ws);
    expect(menu.map((m) => m.name)).toEqual(['home', 'G:subjects', 'G:views', 'G:data']);
    const subjects = menu[1].children ?? [];
    expect(subjects.map((s) => [s.path, s.name, s.locale])).toEqual([
      ['/demo/pkg', 'Packages', false],
      ['/demo/rel', 'Releases', false],
    ]);
    expect(menu[2].children?.[0]).toMatchObject({ path: '/demo/view/v1', name: 'By section · Packages' });
  });

  it("ignores another application's data while the new one loads (module entries hidden meanwhile)", () => {
    const paths = flat(menuForPath(data, '/other', undefined, ws));
    expect(paths).toEqual(['/other', '/other/import']);
  });
});
