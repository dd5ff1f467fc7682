/** /:app/audit_process (SPEC.md §2): Audit process, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
