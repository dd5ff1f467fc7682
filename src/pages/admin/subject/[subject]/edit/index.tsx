/** /admin/subject/:subject/edit (SPEC.md §2): Edit subject, part of the "subjects" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="subjects" />;
