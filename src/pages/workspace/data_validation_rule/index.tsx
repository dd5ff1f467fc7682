/** /:app/data_validation_rule (docs/routes.txt): Data validation rules, part of the "rules" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
