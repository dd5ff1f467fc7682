/** /:app/data_visualization_screen (docs/routes.txt): Data screens, part of the "visualization" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
