/**
 * Audit engagements API, the model's part (server/src/modules/engagements, docs/engagements.md):
 * which subjects an application's audit model has and its settings. The domain's other schemas
 * live beside it: contracts/audit-*.ts.
 */
import { z } from 'zod';
import { AUDIT_OBJECTS, FINDING_SEVERITIES } from './engagements.constants';

export * from './engagements.constants';

/** One audit object's subject in an application. */
export const auditModelSubjectSchema = z.object({ id: z.string(), key: z.string(), name: z.string() });

/** The findings' SLA: days to remediate, per severity (1–3650). */
export const auditSlaDaysSchema = z.object(
  Object.fromEntries(
    FINDING_SEVERITIES.map((s) => [
      s,
      z.number().int().min(1, { message: 'errors.engagement.slaDays' }).max(3650, { message: 'errors.engagement.slaDays' }),
    ]),
  ) as Record<(typeof FINDING_SEVERITIES)[number], z.ZodNumber>,
);

/** GET /api/v1/applications/:slug/audit/model: the model's version, settings and subjects by object. */
export const auditModelSchema = z.object({
  version: z.number().int(),
  settings: z.object({ slaDays: auditSlaDaysSchema }),
  subjects: z.object(
    Object.fromEntries(AUDIT_OBJECTS.map((o) => [o, auditModelSubjectSchema])) as Record<
      (typeof AUDIT_OBJECTS)[number],
      typeof auditModelSubjectSchema
    >,
  ),
});
export type AuditModel = z.infer<typeof auditModelSchema>;

/** PATCH /api/v1/applications/:slug/audit/settings (owners): the SLA days to change. */
export const auditSettingsUpdateSchema = z.object({ slaDays: auditSlaDaysSchema.partial() });
export type AuditSettingsUpdate = z.infer<typeof auditSettingsUpdateSchema>;
