/** /admin/audit (SPEC.md §2): Audit log, part of the "auditLog" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditLog" />;
