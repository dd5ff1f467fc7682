/** /admin/subject (SPEC.md §2): Subjects, part of the "subjects" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="subjects" />;
