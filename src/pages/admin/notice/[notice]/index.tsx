/** /admin/notice/:notice (SPEC.md §2): Message, part of the "notices" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="notices" />;
