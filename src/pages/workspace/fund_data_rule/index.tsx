/** /:app/fund_data_rule (docs/routes.txt): Fund data rules, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
