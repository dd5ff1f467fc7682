/** /:app/fund_data_rule (SPEC.md §2): Fund data rules, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
