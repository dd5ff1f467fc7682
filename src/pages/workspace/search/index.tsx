/** /:app/search (docs/routes.txt): Search, part of the "search" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="search" />;
