/** /:app/mind (docs/routes.txt): Mind map, part of the "graph" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="graph" />;
