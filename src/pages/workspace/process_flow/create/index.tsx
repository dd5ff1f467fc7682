/** /:app/process_flow/create (docs/routes.txt): New process flow, part of the "flows" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
