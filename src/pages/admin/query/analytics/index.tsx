/** /admin/query/analytics (SPEC.md §2): Query analytics, part of the "queries" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
