/**
 * Words an application slug (`/{app}`) may not take, because a top-level route or a workspace
 * route of the route table (docs/routes.txt) already uses them (or the server does: `api`, `__serverLoader`).
 * Workspace route names are reserved too, so `/{app}/{subject}` can never shadow them when
 * subjects take the same rule.
 */
export const TOP_LEVEL_WORDS = [
  'admin',
  'login',
  'init',
  'api',
  '__serverloader',
  '403',
  '404',
  '500',
  'audit_report',
  'grid_view',
  'compare_record_field',
  'static',
  'assets',
  'favicon.ico',
] as const;

/** Second segments of the `/{app}/…` routes (docs/routes.txt), lower-cased. */
export const WORKSPACE_ROUTE_WORDS = [
  'annotate',
  'audit_process',
  'audit_project',
  'audit_project_table',
  'audit_report',
  'chart_demo',
  'chat',
  'data_analytics',
  'data_validation_rule',
  'data_visualization_flow',
  'data_visualization_screen',
  'engagement',
  'engagement_management',
  'engagement_settings',
  'external_law_subset_list',
  'files',
  'flow_graph',
  'fund_audit_report',
  'fund_data_element',
  'fund_data_rule',
  'fund_disclosure',
  'fund_disclosure_template',
  'fund_report_template',
  'fund_report_template_compare_detail',
  'graph',
  'grid',
  'import',
  'integrity_risk',
  'integrity_risk_table',
  'internal_regulation_manager',
  'internal_regulation_revision',
  'mind',
  'noticecenter',
  'partner_theme',
  'process_flow',
  'process_monitor',
  'query',
  'report_template',
  'search',
  'settings',
  'share_grid_view',
  'spider',
  'test',
  'test1',
  'test2',
  'test3',
  'view',
  'visualize',
] as const;

const RESERVED = new Set<string>([...TOP_LEVEL_WORDS, ...WORKSPACE_ROUTE_WORDS]);

/** True when `word` (compared case-insensitively) is reserved for a route. */
export function isReservedWord(word: string): boolean {
  return RESERVED.has(word.toLowerCase());
}
