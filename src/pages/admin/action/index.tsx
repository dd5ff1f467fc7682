/** /admin/action (docs/routes.txt): Actions, part of the "automation" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
