/** /admin/system (SPEC.md §2): System settings, part of the "system" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="system" />;
