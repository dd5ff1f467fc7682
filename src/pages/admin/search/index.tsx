/** /admin/search (docs/routes.txt): Search engine, part of the "search" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="search" />;
