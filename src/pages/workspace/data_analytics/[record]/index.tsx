/** /:app/data_analytics/:record (docs/routes.txt): Analysis, part of the "queries" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
