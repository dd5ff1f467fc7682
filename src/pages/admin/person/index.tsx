/** /admin/person (SPEC.md §2): Personal center, part of the "identity" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="identity" />;
