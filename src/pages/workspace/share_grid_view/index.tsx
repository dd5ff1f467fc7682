/** /:app/share_grid_view (SPEC.md §2): Shared grid, part of the "views" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="views" />;
