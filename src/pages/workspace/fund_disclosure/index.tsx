/** /:app/fund_disclosure (SPEC.md §2): Fund disclosures, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
