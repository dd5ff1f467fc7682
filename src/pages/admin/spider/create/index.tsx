/** /admin/spider/create (SPEC.md §2): New collection rule, part of the "spiders" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="spiders" />;
