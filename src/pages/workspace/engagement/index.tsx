/** /:app/engagement (docs/routes.txt): Engagements, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
