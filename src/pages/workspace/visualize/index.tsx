/** /:app/visualize (docs/routes.txt): Visualize, part of the "visualization" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
