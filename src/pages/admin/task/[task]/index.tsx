/** /admin/task/:task (SPEC.md §2): Task, part of the "automation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="automation" />;
