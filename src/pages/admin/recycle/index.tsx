/** /admin/recycle (SPEC.md §2): Recycle bin, part of the "recycle" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="recycle" />;
