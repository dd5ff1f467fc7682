/** /:app/integrity_risk_table (SPEC.md §2): Risk register, part of the "integrityRisk" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="integrityRisk" />;
