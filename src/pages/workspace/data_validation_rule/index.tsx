/** /:app/data_validation_rule (SPEC.md §2): Data validation rules, part of the "rules" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="rules" />;
