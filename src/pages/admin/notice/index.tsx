/** /admin/notice (SPEC.md §2): Messages, part of the "notices" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="notices" />;
