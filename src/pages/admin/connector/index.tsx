/** /admin/connector (docs/routes.txt): Connectors, part of the "connectors" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="connectors" />;
