/** /admin/search/:name (docs/routes.txt): Index detail, part of the "search" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="search" />;
