/** /:app/data_visualization_screen/create (SPEC.md §2): New data screen, part of the "visualization" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
