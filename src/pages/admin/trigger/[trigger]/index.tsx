/** /admin/trigger/:trigger (docs/routes.txt): Trigger, part of the "automation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
