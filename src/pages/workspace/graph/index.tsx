/** /:app/graph (docs/routes.txt): Relation graph, part of the "graph" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="graph" />;
