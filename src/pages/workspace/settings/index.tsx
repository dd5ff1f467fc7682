/** /:app/settings (SPEC.md §2): Settings, part of the "applications" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="applications" />;
