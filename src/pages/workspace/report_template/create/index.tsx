/** /:app/report_template/create (SPEC.md §2): New report template, part of the "documents" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
