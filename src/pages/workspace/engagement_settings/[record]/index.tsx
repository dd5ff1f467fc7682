/** /:app/engagement_settings/:record (SPEC.md §2): Engagement setting, part of the "funds" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
