/** /:app/fund_audit_report/:record (docs/routes.txt): Fund audit report, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
