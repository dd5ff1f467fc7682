/** /:app/spider/:spiderName (docs/routes.txt): Edit collection rule, part of the "spiders" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="spiders" />;
