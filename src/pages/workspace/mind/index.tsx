/** /:app/mind (SPEC.md §2): Mind map, part of the "graph" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="graph" />;
