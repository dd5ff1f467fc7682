/** /:app/query (docs/routes.txt): Query, part of the "queries" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
