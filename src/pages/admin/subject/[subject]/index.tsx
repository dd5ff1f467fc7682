/** /admin/subject/:subject (SPEC.md §2): Subject, part of the "subjects" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="subjects" />;
