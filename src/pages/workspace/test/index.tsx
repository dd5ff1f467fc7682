/** /:app/test (docs/routes.txt): Test, part of the "gallery" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="gallery" />;
