/** /:app/flow_graph (docs/routes.txt): Flow graph, part of the "flows" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
