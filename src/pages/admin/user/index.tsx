/** /admin/user (SPEC.md §2): Users, part of the "identity" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="identity" />;
