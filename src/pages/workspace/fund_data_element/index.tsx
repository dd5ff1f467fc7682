/** /:app/fund_data_element (docs/routes.txt): Fund data elements, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
