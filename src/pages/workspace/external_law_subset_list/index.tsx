/** /:app/external_law_subset_list (SPEC.md §2): External laws, part of the "regulations" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="regulations" />;
