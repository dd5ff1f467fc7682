import type { AppRoute } from './types';

/**
 * The top-level routes (docs/routes-and-loading.md "Route table") outside both areas. Pages without the layout set `layout: false`;
 * the standalone screens keep the layout's header and no side menu (src/app.tsx: they have none).
 */
export const topRoutes: AppRoute[] = [
  { path: '/', name: 'home', component: './home', layout: false, hideInMenu: true },
  { path: '/init', name: 'init', component: './init', layout: false, hideInMenu: true },
  { path: '/login', name: 'login', component: './login', layout: false, hideInMenu: true },
  { path: '/403', name: '403', component: './exception/403', layout: false, hideInMenu: true },
  { path: '/404', name: '404', component: './exception/404', layout: false, hideInMenu: true },
  { path: '/500', name: '500', component: './exception/500', layout: false, hideInMenu: true },
  // the printable audit report: no console or workspace chrome
  { path: '/audit_report', name: 'audit_report', component: './audit_report', hideInMenu: true, layout: false },
  { path: '/grid_view', name: 'grid_view', component: './grid_view', hideInMenu: true, layout: false },
  // a full-width working page: the runtime layout draws no side menu on top-level pages (layouts/menu.ts hasSideMenu)
  { path: '/compare_record_field', name: 'compare_record_field', component: './compare_record_field', hideInMenu: true },
];
