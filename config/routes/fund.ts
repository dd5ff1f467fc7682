import type { AppRoute } from './types';

/** docs/routes-and-loading.md "Route table" (the fund group): children of the workspace's `/:app` route. */
export const fundRoutes: AppRoute[] = [
  { path: '/:app/fund_data_element', name: 'fund_data_element', component: './workspace/fund_data_element', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_data_rule', name: 'fund_data_rule', component: './workspace/fund_data_rule', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_audit_report', name: 'fund_audit_report', component: './workspace/fund_audit_report', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_audit_report/:record', name: 'fund_audit_report_detail', component: './workspace/fund_audit_report/[record]', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_report_template', name: 'fund_report_template', component: './workspace/fund_report_template', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_report_template/:record', name: 'fund_report_template_detail', component: './workspace/fund_report_template/[record]', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_report_template_compare_detail', name: 'fund_report_template_compare_detail', component: './workspace/fund_report_template_compare_detail', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_disclosure', name: 'fund_disclosure', component: './workspace/fund_disclosure', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_disclosure/:record', name: 'fund_disclosure_detail', component: './workspace/fund_disclosure/[record]', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_disclosure_template', name: 'fund_disclosure_template', component: './workspace/fund_disclosure_template', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/fund_disclosure_template/:record', name: 'fund_disclosure_template_detail', component: './workspace/fund_disclosure_template/[record]', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/engagement', name: 'engagement', component: './workspace/engagement', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/engagement_management', name: 'engagement_management', component: './workspace/engagement_management', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/engagement_settings', name: 'engagement_settings', component: './workspace/engagement_settings', menuGroup: 'funds', appModule: 'fund' },
  { path: '/:app/engagement_settings/:record', name: 'engagement_settings_detail', component: './workspace/engagement_settings/[record]', hideInMenu: true, menuGroup: 'funds', appModule: 'fund' },
];
