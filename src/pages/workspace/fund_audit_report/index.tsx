/** /:app/fund_audit_report (SPEC.md §2): Fund audit reports, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
