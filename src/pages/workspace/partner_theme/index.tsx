/** /:app/partner_theme (docs/routes.txt): Theme, part of the "theme" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="theme" />;
