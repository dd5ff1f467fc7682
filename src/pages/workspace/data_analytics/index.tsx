/** /:app/data_analytics (docs/routes.txt): Data analytics, part of the "queries" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
