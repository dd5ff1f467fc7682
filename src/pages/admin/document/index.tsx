/** /admin/document (docs/routes.txt): Documents, part of the "documents" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="documents" />;
