/** /:app/test1 (SPEC.md §2): Test 1, part of the "gallery" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="gallery" />;
