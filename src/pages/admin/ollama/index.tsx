/** /admin/ollama (SPEC.md §2): Model providers, part of the "modelProviders" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="modelProviders" />;
