/** /:app/internal_regulation_manager (docs/routes.txt): Internal regulations, part of the "regulations" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="regulations" />;
