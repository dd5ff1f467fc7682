/** /admin/tag (SPEC.md §2): Tags, part of the "system" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="system" />;
