/** /compare_record_field (SPEC.md §2): Compare fields, part of the "records" module, not built yet. */
import ModulePending from '../../components/ModulePending';

export default () => <ModulePending module="records" />;
