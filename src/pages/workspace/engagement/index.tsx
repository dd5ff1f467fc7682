/** /:app/engagement (SPEC.md §2): Engagements, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
