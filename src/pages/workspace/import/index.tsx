/** /:app/import (SPEC.md §2): Import, part of the "import" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="import" />;
