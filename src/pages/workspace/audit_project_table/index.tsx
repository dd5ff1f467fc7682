/** /:app/audit_project_table (SPEC.md §2): Audit projects, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
