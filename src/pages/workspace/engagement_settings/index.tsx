/** /:app/engagement_settings (docs/routes.txt): Engagement settings, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
