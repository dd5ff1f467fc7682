/** /admin/query (SPEC.md §2): Queries, part of the "queries" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
