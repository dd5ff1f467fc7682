/** /:app/fund_report_template/:record (SPEC.md §2): Fund report template, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
