/** /admin/search (SPEC.md §2): Search engine, part of the "search" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="search" />;
