/** /grid_view (SPEC.md §2): Grid view, part of the "views" module, not built yet. */
import ModulePending from '../../components/ModulePending';

export default () => <ModulePending module="views" />;
