/** /admin/record/:record (SPEC.md §2): Record, part of the "records" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="records" />;
