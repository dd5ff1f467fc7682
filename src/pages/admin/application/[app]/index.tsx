/** /admin/application/:app (SPEC.md §2): Application, part of the "applications" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="applications" />;
