/** /:app/report_template/:templateId (SPEC.md §2): Report template, part of the "documents" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
