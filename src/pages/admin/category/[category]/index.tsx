/** /admin/category/:category (SPEC.md §2): Category, part of the "system" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="system" />;
