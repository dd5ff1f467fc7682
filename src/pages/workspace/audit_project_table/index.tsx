/** /:app/audit_project_table (docs/routes.txt): Audit projects, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
