/** /admin/ollama (docs/routes.txt): Model providers, part of the "modelProviders" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="modelProviders" />;
