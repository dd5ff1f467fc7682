/** /:app/fund_disclosure_template (docs/routes.txt): Disclosure templates, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
