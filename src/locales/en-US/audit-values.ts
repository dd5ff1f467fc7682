/**
 * en-US names of the audit model's codes: `engagements.value.<code>`, made from the one table of
 * both languages (contracts/engagements.values.ts).
 */
import { AUDIT_VALUE_NAMES, type AuditValueCode } from '../../../contracts/engagements.values';

const values = Object.fromEntries(
  Object.entries(AUDIT_VALUE_NAMES).map(([code, names]) => [`engagements.value.${code}`, names['en-US']]),
) as Record<`engagements.value.${AuditValueCode}`, string>;

export default values;
