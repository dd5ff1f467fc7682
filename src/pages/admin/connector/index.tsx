/** /admin/connector (SPEC.md §2): Connectors, part of the "connectors" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="connectors" />;
