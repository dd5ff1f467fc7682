import type { AppRoute } from './types';

/**
 * The admin console, SPEC.md §2 "Admin console (under /admin/)". `access: 'canAdmin'` once on the
 * parent; children inherit it (STYLE.md "Route access on parents").
 */
export const adminRoutes: AppRoute[] = [
  {
    path: '/admin',
    name: 'admin',
    icon: 'SettingOutlined',
    access: 'canAdmin',
    routes: [{ path: '/admin', name: 'dashboard', icon: 'DashboardOutlined', component: './admin/dashboard' }],
  },
];
