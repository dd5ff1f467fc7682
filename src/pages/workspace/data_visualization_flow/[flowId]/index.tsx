/** /:app/data_visualization_flow/:flowId (docs/routes.txt): Data flow, part of the "flows" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
