/** /:app/graph/:subject (docs/routes.txt): Subject graph, part of the "graph" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="graph" />;
