/** /admin/deploy (SPEC.md §2): Deploy packages, part of the "deploy" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="deploy" />;
