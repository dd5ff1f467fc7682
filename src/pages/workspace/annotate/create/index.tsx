/** /:app/annotate/create (SPEC.md §2): New annotation, part of the "annotation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="annotation" />;
