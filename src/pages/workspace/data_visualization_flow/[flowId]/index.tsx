/** /:app/data_visualization_flow/:flowId (SPEC.md §2): Data flow, part of the "flows" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="flows" />;
