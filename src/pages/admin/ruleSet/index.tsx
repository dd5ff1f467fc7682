/** /admin/ruleSet (docs/routes.txt): Rule sets, part of the "rules" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
