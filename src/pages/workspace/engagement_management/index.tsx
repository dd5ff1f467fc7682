/** /:app/engagement_management (docs/routes.txt): Engagement management, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
