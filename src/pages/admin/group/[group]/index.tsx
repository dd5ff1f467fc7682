/** /admin/group/:group (SPEC.md §2): Group, part of the "identity" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="identity" />;
