/** en-US messages of the modules' screens, loaded before the first signed-in screen renders (src/loaders/locale.ts). */
import account from './account';
import people from './people';
import notices from './notices';
import audit from './audit';
import catalog from './catalog';
import subjects from './subjects';
import records from './records';
import applications from './applications';
import clients from './clients';
import compare from './compare';
import recordQuery from './recordQuery';
import forms from './forms';
import views from './views';
import imports from './imports';
import resources from './resources';
import tasks from './tasks';
import triggers from './triggers';
import rules from './rules';
import ruleRuns from './ruleRuns';
import documents from './documents';
import reportTemplates from './reportTemplates';
import auditProcess from './audit-process';
import auditDashboard from './audit-dashboard';
import auditValues from './audit-values';
import auditMonitor from './audit-monitor';
import auditReports from './audit-reports';
import analytics from './analytics';
import queries from './queries';
import dashboards from './dashboards';
import connectors from './connectors';
import deploy from './deploy';

export default {
  ...account,
  ...people,
  ...notices,
  ...audit,
  ...catalog,
  ...subjects,
  ...records,
  ...applications,
  ...clients,
  ...compare,
  ...recordQuery,
  ...forms,
  ...views,
  ...imports,
  ...resources,
  ...tasks,
  ...triggers,
  ...rules,
  ...ruleRuns,
  ...documents,
  ...reportTemplates,
  ...auditProcess,
  ...auditDashboard,
  ...auditValues,
  ...auditMonitor,
  ...auditReports,
  ...analytics,
  ...queries,
  ...dashboards,
  ...connectors,
  ...deploy,
};
