/** /admin/rule (docs/routes.txt): Rules, part of the "rules" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
