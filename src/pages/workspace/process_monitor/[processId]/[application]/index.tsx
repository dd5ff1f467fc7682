/** /:app/process_monitor/:processId/:application (docs/routes.txt): Process in application, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
