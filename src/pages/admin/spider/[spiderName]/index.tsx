/** /admin/spider/:spiderName (SPEC.md §2): Edit collection rule, part of the "spiders" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="spiders" />;
