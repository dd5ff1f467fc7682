/** /admin/search/dict/:name (docs/routes.txt): Search dictionary, part of the "search" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="search" />;
