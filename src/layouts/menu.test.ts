import { areaOf, menuForPath } from './menu';
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

describe('menuForPath', () => {
  it('shows the console menu under /admin', () => {
    expect(menuForPath(menuData, '/admin/user').map((m) => m.path)).toEqual(['/admin', '/admin/user']);
  });

  it('fills :app with the current application in a workspace', () => {
    const paths = menuForPath(menuData, '/audit-2026/files').map((m) => m.path);
    expect(paths).toEqual(['/audit-2026', '/audit-2026/files', '/:app/:subject/:record']);
  });

  it('shows no menu outside both areas', () => {
    expect(menuForPath(menuData, '/login')).toEqual([]);
  });
});
