/** /:app/data_visualization_screen/:screenId (SPEC.md §2): Data screen, part of the "visualization" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="visualization" />;
