/** /admin/record (SPEC.md §2): Records, part of the "records" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="records" />;
