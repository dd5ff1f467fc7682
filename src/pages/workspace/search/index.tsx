/** /:app/search (SPEC.md §2): Search, part of the "search" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="search" />;
