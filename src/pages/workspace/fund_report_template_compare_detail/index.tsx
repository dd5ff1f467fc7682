/** /:app/fund_report_template_compare_detail (docs/routes.txt): Template comparison, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
