/** /admin/template/:template (docs/routes.txt): Template, part of the "documents" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
