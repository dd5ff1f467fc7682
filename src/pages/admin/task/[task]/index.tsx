/** /admin/task/:task (docs/routes.txt): Task, part of the "automation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
