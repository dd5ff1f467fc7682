/** /:app/flow_graph (SPEC.md §2): Flow graph, part of the "flows" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
