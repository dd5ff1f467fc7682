/** /:app/chart_demo (docs/routes.txt): Chart gallery, part of the "gallery" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="gallery" />;
