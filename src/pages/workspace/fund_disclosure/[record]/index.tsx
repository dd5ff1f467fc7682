/** /:app/fund_disclosure/:record (docs/routes.txt): Fund disclosure, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
