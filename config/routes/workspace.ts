import { fundRoutes } from './fund';
import type { AppRoute } from './types';

/**
 * The per-application workspace, docs/routes-and-loading.md "Route table" (the workspace) and its
 * fund group (fund.ts). The `/:app` parent component checks membership from params (Umi's access
 * plugin cannot see them). `/:app/:subject` and `/:app/:subject/:record` come last: react-router
 * ranks static segments first, so they only take what no named route claims, and their pages
 * answer 404 in place for an unknown subject or record. `appModule` ties an entry to an application
 * module (shown only where enabled); the component gallery is for administrators (`canAdmin`).
 */
export const workspaceRoutes: AppRoute[] = [
  {
    path: '/:app',
    name: 'workspace',
    component: './workspace/WorkspaceGate',
    routes: [
      { path: '/:app', name: 'home', component: './workspace/home' },
      { path: '/:app/noticeCenter', name: 'noticeCenter', component: './workspace/noticeCenter' },
      { path: '/:app/audit_project_table', name: 'audit_project_table', component: './workspace/audit_project_table', menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/audit_project', name: 'audit_project', component: './workspace/audit_project', menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/audit_process', name: 'audit_process', component: './workspace/audit_process', menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/audit_report', name: 'audit_report', component: './workspace/audit_report', menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/process_monitor', name: 'process_monitor', component: './workspace/process_monitor', menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/process_monitor/:processId', name: 'process_monitor_detail', component: './workspace/process_monitor/[processId]', hideInMenu: true, menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/process_monitor/:processId/:application', name: 'process_monitor_app', component: './workspace/process_monitor/[processId]/[application]', hideInMenu: true, menuGroup: 'audit', appModule: 'audit' },
      { path: '/:app/integrity_risk_table', name: 'integrity_risk_table', component: './workspace/integrity_risk_table', menuGroup: 'compliance', appModule: 'risk' },
      { path: '/:app/integrity_risk', name: 'integrity_risk', component: './workspace/integrity_risk', menuGroup: 'compliance', appModule: 'risk' },
      { path: '/:app/internal_regulation_manager', name: 'internal_regulation_manager', component: './workspace/internal_regulation_manager', menuGroup: 'compliance', appModule: 'regulation' },
      { path: '/:app/internal_regulation_revision/:name', name: 'internal_regulation_revision', component: './workspace/internal_regulation_revision/[name]', hideInMenu: true, menuGroup: 'compliance', appModule: 'regulation' },
      { path: '/:app/external_law_subset_list', name: 'external_law_subset_list', component: './workspace/external_law_subset_list', menuGroup: 'compliance', appModule: 'regulation' },
      { path: '/:app/data_validation_rule', name: 'data_validation_rule', component: './workspace/data_validation_rule', menuGroup: 'compliance' },
      ...fundRoutes,
      { path: '/:app/files', name: 'files', component: './workspace/files', menuGroup: 'data', appModule: 'documents' },
      { path: '/:app/import', name: 'import', component: './workspace/import', menuGroup: 'data' },
      { path: '/:app/query', name: 'query', component: './workspace/query', menuGroup: 'data' },
      { path: '/:app/search', name: 'search', component: './workspace/search', menuGroup: 'data' },
      { path: '/:app/data_analytics', name: 'data_analytics', component: './workspace/data_analytics', menuGroup: 'data', appModule: 'analytics' },
      { path: '/:app/data_analytics/:record', name: 'data_analytics_detail', component: './workspace/data_analytics/[record]', hideInMenu: true, menuGroup: 'data', appModule: 'analytics' },
      { path: '/:app/report_template/create', name: 'report_template_create', component: './workspace/report_template/create', menuGroup: 'data', appModule: 'documents' },
      { path: '/:app/report_template/:templateId', name: 'report_template_detail', component: './workspace/report_template/[templateId]', hideInMenu: true, menuGroup: 'data', appModule: 'documents' },
      { path: '/:app/view/:view', name: 'view', component: './workspace/view/[view]', hideInMenu: true, menuGroup: 'data' },
      { path: '/:app/share_grid_view', name: 'share_grid_view', component: './workspace/share_grid_view', hideInMenu: true, menuGroup: 'data' },
      { path: '/:app/chat', name: 'chat', component: './workspace/chat', menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/chat/knowledge_base/:id', name: 'chat_knowledge_base', component: './workspace/chat/knowledge_base/[id]', hideInMenu: true, menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/chat/mcp/:id', name: 'chat_mcp', component: './workspace/chat/mcp/[id]', hideInMenu: true, menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/spider', name: 'spider', component: './workspace/spider', menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/spider/:spiderName', name: 'spider_detail', component: './workspace/spider/[spiderName]', hideInMenu: true, menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/annotate', name: 'annotate', component: './workspace/annotate', menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/annotate/create', name: 'annotate_create', component: './workspace/annotate/create', hideInMenu: true, menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/annotate/:name', name: 'annotate_detail', component: './workspace/annotate/[name]', hideInMenu: true, menuGroup: 'knowledge', appModule: 'ai' },
      { path: '/:app/visualize', name: 'visualize', component: './workspace/visualize', menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/data_visualization_screen', name: 'data_visualization_screen', component: './workspace/data_visualization_screen', menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/data_visualization_screen/create', name: 'data_visualization_screen_create', component: './workspace/data_visualization_screen/create', hideInMenu: true, menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/data_visualization_screen/:screenId', name: 'data_visualization_screen_detail', component: './workspace/data_visualization_screen/[screenId]', hideInMenu: true, menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/data_visualization_flow', name: 'data_visualization_flow', component: './workspace/data_visualization_flow', menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/data_visualization_flow/create', name: 'data_visualization_flow_create', component: './workspace/data_visualization_flow/create', hideInMenu: true, menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/data_visualization_flow/:flowId', name: 'data_visualization_flow_detail', component: './workspace/data_visualization_flow/[flowId]', hideInMenu: true, menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/process_flow/create', name: 'process_flow_create', component: './workspace/process_flow/create', menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/flow_graph', name: 'flow_graph', component: './workspace/flow_graph', menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/graph', name: 'graph', component: './workspace/graph', menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/graph/:subject', name: 'graph_subject', component: './workspace/graph/[subject]', hideInMenu: true, menuGroup: 'visual', appModule: 'analytics' },
      { path: '/:app/mind', name: 'mind', component: './workspace/mind', menuGroup: 'visual', appModule: 'flows' },
      { path: '/:app/grid', name: 'grid', component: './workspace/grid', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/chart_demo', name: 'chart_demo', component: './workspace/chart_demo', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/test', name: 'test', component: './workspace/test', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/test1', name: 'test1', component: './workspace/test1', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/test2', name: 'test2', component: './workspace/test2', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/test3', name: 'test3', component: './workspace/test3', menuGroup: 'gallery', access: 'canAdmin' },
      { path: '/:app/settings', name: 'settings', component: './workspace/settings' },
      { path: '/:app/partner_theme', name: 'partner_theme', component: './workspace/partner_theme' },
      { path: '/:app/:subject', name: 'subject', component: './workspace/[subject]', hideInMenu: true },
      { path: '/:app/:subject/:record', name: 'record', component: './workspace/[subject]/[record]', hideInMenu: true },
    ],
  },
];
