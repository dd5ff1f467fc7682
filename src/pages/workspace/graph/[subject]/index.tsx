/** /:app/graph/:subject (SPEC.md §2): Subject graph, part of the "graph" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="graph" />;
