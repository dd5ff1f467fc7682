/** /admin/spider/create (docs/routes.txt): New collection rule, part of the "spiders" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="spiders" />;
