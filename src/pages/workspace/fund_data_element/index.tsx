/** /:app/fund_data_element (SPEC.md §2): Fund data elements, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
