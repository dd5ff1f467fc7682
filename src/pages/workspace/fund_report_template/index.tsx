/** /:app/fund_report_template (docs/routes.txt): Fund report templates, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
