/** /admin/variable (SPEC.md §2): Variables, part of the "system" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="system" />;
