/** /admin/rule/:rule (SPEC.md §2): Rule, part of the "rules" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
