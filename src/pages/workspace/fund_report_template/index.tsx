/** /:app/fund_report_template (SPEC.md §2): Fund report templates, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
