/** /:app/integrity_risk (docs/routes.txt): Integrity risk dashboard, part of the "integrityRisk" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="integrityRisk" />;
