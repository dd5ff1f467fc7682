/** /:app/grid (docs/routes.txt): Large grid, part of the "gallery" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="gallery" />;
