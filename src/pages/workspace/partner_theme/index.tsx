/** /:app/partner_theme (SPEC.md §2): Theme, part of the "theme" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="theme" />;
