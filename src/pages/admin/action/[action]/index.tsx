/** /admin/action/:action (docs/routes.txt): Action, part of the "automation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
