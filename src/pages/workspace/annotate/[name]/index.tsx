/** /:app/annotate/:name (docs/routes.txt): Annotation detail, part of the "annotation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="annotation" />;
