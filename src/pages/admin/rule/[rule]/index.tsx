/** /admin/rule/:rule (docs/routes.txt): Rule, part of the "rules" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
