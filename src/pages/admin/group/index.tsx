/** /admin/group (SPEC.md §2): Groups, part of the "identity" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="identity" />;
