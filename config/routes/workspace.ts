import type { AppRoute } from './types';

/**
 * The per-application workspace, SPEC.md §2 "Per-application workspace (under /{app}/)". The
 * `/:app` parent component checks membership from params (Umi's access plugin cannot see them).
 */
export const workspaceRoutes: AppRoute[] = [
  {
    path: '/:app',
    name: 'workspace',
    component: './workspace/WorkspaceGate',
    routes: [{ path: '/:app', name: 'home', icon: 'HomeOutlined', component: './workspace/home' }],
  },
];
