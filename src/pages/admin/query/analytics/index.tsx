/** /admin/query/analytics (docs/routes.txt): Query analytics, part of the "queries" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
