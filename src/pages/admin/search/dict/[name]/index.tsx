/** /admin/search/dict/:name (SPEC.md §2): Search dictionary, part of the "search" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="search" />;
