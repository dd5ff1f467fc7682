/** /:app/audit_project (SPEC.md §2): Audit project dashboard, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
