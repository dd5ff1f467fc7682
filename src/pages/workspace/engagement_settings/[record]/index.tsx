/** /:app/engagement_settings/:record (docs/routes.txt): Engagement setting, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
