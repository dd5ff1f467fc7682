/** /:app/data_visualization_screen/create (docs/routes.txt): New data screen, part of the "visualization" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
