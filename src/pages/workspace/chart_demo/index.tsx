/** /:app/chart_demo (SPEC.md §2): Chart gallery, part of the "gallery" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="gallery" />;
