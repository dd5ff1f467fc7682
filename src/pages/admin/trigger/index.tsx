/** /admin/trigger (docs/routes.txt): Triggers, part of the "automation" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
