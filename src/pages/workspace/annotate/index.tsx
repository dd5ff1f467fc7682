/** /:app/annotate (docs/routes.txt): Annotation, part of the "annotation" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="annotation" />;
