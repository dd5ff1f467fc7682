/** /:app/integrity_risk_table (docs/routes.txt): Risk register, part of the "integrityRisk" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="integrityRisk" />;
