/** /:app/process_monitor/:processId (docs/routes.txt): Process, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
