/** /admin/template/:template (SPEC.md §2): Template, part of the "documents" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
