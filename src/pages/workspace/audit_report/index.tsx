/** /:app/audit_report (docs/routes.txt): Audit reports, part of the "auditReports" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="auditReports" />;
