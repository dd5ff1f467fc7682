/** /:app/data_visualization_screen/:screenId (docs/routes.txt): Data screen, part of the "visualization" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
