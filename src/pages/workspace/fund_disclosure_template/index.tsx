/** /:app/fund_disclosure_template (SPEC.md §2): Disclosure templates, part of the "funds" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="funds" />;
