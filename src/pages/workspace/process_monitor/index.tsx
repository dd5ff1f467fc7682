/** /:app/process_monitor (docs/routes.txt): Process monitor, part of the "auditProjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditProjects" />;
