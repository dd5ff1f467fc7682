/** /:app/internal_regulation_revision/:name (docs/routes.txt): Regulation revisions, part of the "regulations" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="regulations" />;
