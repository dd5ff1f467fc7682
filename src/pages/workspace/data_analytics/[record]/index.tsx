/** /:app/data_analytics/:record (SPEC.md §2): Analysis, part of the "queries" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="queries" />;
