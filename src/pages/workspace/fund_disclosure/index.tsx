/** /:app/fund_disclosure (docs/routes.txt): Fund disclosures, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
