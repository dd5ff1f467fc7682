/** /:app/annotate/:name (SPEC.md §2): Annotation detail, part of the "annotation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="annotation" />;
