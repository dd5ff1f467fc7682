/** /admin/record-query (SPEC.md §2): Record query, part of the "records" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="records" />;
