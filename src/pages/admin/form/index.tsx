/** /admin/form (SPEC.md §2): Dynamic forms, part of the "forms" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="forms" />;
