/** /:app/visualize (SPEC.md §2): Visualize, part of the "visualization" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
