/** /:app/process_monitor/:processId (SPEC.md §2): Process, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
