/** /:app/annotate/create (docs/routes.txt): New annotation, part of the "annotation" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="annotation" />;
