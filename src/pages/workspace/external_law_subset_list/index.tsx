/** /:app/external_law_subset_list (docs/routes.txt): External laws, part of the "regulations" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="regulations" />;
