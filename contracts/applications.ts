/**
 * Applications (workspaces, `/{app}`) and their memberships (PRODUCT.md "Roles", "Applications").
 * The walking skeleton's minimal form: slug + name + members; full management comes with Data core I.
 */
import { z } from 'zod';
import { emailSchema } from './auth';
import { APP_ROLES, SLUG_PATTERN } from './constants';
import { isReservedWord } from './reserved';

export { APP_ROLES, SLUG_PATTERN } from './constants';
export type { AppRole } from './constants';

export const slugSchema = z
  .string()
  .trim()
  .regex(SLUG_PATTERN, { message: 'errors.slug.pattern' })
  .refine((s) => !isReservedWord(s), { message: 'errors.slug.reserved' });

export const applicationCreateSchema = z.object({
  slug: slugSchema,
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  description: z.string().trim().max(2000).optional(),
});
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's role here; `null` for an administrator who is not a member. */
  myRole: z.enum(APP_ROLES).nullable(),
  memberCount: z.number().int(),
});
export type Application = z.infer<typeof applicationSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(APP_ROLES),
});
export type Member = z.infer<typeof memberSchema>;

export const applicationDetailSchema = applicationSchema.extend({ members: z.array(memberSchema) });
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** POST /api/v1/applications/:slug/members: add (or change the role of) a user by e-mail. */
export const memberAddSchema = z.object({ email: emailSchema, role: z.enum(APP_ROLES) });
export type MemberAdd = z.infer<typeof memberAddSchema>;
