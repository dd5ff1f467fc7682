/** /:app/process_flow/create (SPEC.md §2): New process flow, part of the "flows" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
