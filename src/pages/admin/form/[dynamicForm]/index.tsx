/** /admin/form/:dynamicForm (SPEC.md §2): Form designer, part of the "forms" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="forms" />;
