/** /:app/audit_project (docs/routes.txt): Audit project dashboard, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
