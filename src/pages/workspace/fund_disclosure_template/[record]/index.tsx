/** /:app/fund_disclosure_template/:record (docs/routes.txt): Disclosure template, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
