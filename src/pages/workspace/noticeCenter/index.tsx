/** /:app/noticeCenter (SPEC.md §2): Notice center, part of the "notices" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="notices" />;
