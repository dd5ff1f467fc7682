/** /:app/data_visualization_flow (docs/routes.txt): Data flows, part of the "flows" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
