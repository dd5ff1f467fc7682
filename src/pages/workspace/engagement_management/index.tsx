/** /:app/engagement_management (SPEC.md §2): Engagement management, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
