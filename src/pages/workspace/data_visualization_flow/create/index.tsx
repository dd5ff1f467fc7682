/** /:app/data_visualization_flow/create (docs/routes.txt): New data flow, part of the "flows" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
