/** /:app/spider (docs/routes.txt): Data collection, part of the "spiders" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="spiders" />;
