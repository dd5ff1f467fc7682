/** /:app/engagement_settings (SPEC.md §2): Engagement settings, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
