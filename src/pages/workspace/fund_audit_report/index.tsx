/** /:app/fund_audit_report (docs/routes.txt): Fund audit reports, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
