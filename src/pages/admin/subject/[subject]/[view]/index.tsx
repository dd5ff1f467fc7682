/** /admin/subject/:subject/:view (SPEC.md §2): Subject view, part of the "views" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="views" />;
