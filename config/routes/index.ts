/**
 * The route table (docs/routes-and-loading.md "Route table") in Umi form (docs/routes.txt), split by area. Static segments
 * outrank `/:app` in react-router's ranking, so `/admin`, `/login`… never reach the workspace.
 */
import { adminRoutes } from './admin';
import { topRoutes } from './top';
import type { AppRoute } from './types';
import { workspaceRoutes } from './workspace';

export type { AppRoute } from './types';

export const routes: AppRoute[] = [
  ...topRoutes,
  ...adminRoutes,
  ...workspaceRoutes,
  { path: '/*', component: './exception/404', layout: false },
];
