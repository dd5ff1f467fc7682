/** /admin/trigger/:trigger (SPEC.md §2): Trigger, part of the "automation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
