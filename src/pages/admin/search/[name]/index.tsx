/** /admin/search/:name (SPEC.md §2): Index detail, part of the "search" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="search" />;
