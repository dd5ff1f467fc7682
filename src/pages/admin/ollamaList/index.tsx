/** /admin/ollamaList (SPEC.md §2): Models, part of the "modelProviders" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="modelProviders" />;
