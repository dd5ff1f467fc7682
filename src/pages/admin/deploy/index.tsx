/** /admin/deploy (docs/routes.txt): Deploy packages, part of the "deploy" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="deploy" />;
