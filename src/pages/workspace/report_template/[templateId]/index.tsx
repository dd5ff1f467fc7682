/** /:app/report_template/:templateId (docs/routes.txt): Report template, part of the "documents" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
