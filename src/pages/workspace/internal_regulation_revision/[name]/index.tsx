/** /:app/internal_regulation_revision/:name (SPEC.md §2): Regulation revisions, part of the "regulations" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="regulations" />;
