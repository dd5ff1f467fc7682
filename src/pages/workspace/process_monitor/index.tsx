/** /:app/process_monitor (SPEC.md §2): Process monitor, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
