/** /admin/ruleSet/:ruleSet (docs/routes.txt): Rule set, part of the "rules" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
