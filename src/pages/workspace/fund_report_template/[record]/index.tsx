/** /:app/fund_report_template/:record (docs/routes.txt): Fund report template, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
