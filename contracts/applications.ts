/**
 * Applications (workspaces, `/{app}`) and their memberships (docs/product.md "Roles", "Data core"):
 * slug, name, description, icon, theme colour, enabled modules and members with owner/editor/viewer
 * roles. Administrators create and delete; an owner (or an administrator) edits and manages members.
 */
import { z } from 'zod';
import { emailSchema } from './auth';
import {
  APP_ICONS,
  APP_INITIAL_MEMBERS_MAX,
  APP_MODULES,
  APP_ROLES,
  APPLICATION_SORT_FIELDS,
  SLUG_PATTERN,
  TAG_COLOR_PATTERN,
} from './constants';
import { pageQuerySchema } from './envelope';
import { isReservedWord } from './reserved';
import { sortParamSchema } from './users';

export { APP_ICONS, APP_MODULES, APP_ROLES, APPLICATION_SORT_FIELDS, SLUG_PATTERN } from './constants';
export type { AppIcon, AppModule, AppRole, ApplicationSortField } from './constants';

export const slugSchema = z
  .string()
  .trim()
  .regex(SLUG_PATTERN, { message: 'errors.slug.pattern' })
  .refine((s) => !isReservedWord(s), { message: 'errors.slug.reserved' });

const appNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(100);
const appDescriptionSchema = z.string().trim().max(2000);
/** One of APP_ICONS (the icons the web can draw). */
export const appIconSchema = z.enum(APP_ICONS, { message: 'errors.application.icon' });
/** Theme colour `#rrggbb`, stored lower-case. */
export const appColorSchema = z
  .string()
  .trim()
  .regex(TAG_COLOR_PATTERN, { message: 'errors.application.color' })
  .transform((c) => c.toLowerCase());
/** Enabled modules: each one of APP_MODULES, duplicates dropped, kept in APP_MODULES order. */
export const appModulesSchema = z
  .array(z.enum(APP_MODULES, { message: 'errors.application.module' }))
  .max(APP_MODULES.length * 2)
  .transform((list) => APP_MODULES.filter((m) => list.includes(m)));

/**
 * An initial member: a user named by id or by e-mail (one of the two), with a role. An unknown
 * or deleted user is a 400 naming `members.<i>.userId` / `members.<i>.email`.
 */
export const initialMemberSchema = z
  .object({
    userId: z.uuid({ message: 'errors.userIdNotFound' }).optional(),
    email: emailSchema.optional(),
    role: z.enum(APP_ROLES),
  })
  .refine((m) => (m.userId === undefined) !== (m.email === undefined), { message: 'errors.application.memberWho', path: ['userId'] });
export type InitialMember = z.infer<typeof initialMemberSchema>;

/**
 * POST /api/v1/applications (administrators). The creator is the owner whatever `members` says
 * about them; `members` adds others (a user listed twice keeps the last role).
 */
export const applicationCreateSchema = z.object({
  slug: slugSchema,
  name: appNameSchema,
  description: appDescriptionSchema.optional(),
  icon: appIconSchema.nullable().optional(),
  color: appColorSchema.nullable().optional(),
  modules: appModulesSchema.optional(),
  members: z.array(initialMemberSchema).max(APP_INITIAL_MEMBERS_MAX).optional(),
});
export type ApplicationCreate = z.input<typeof applicationCreateSchema>;
export type ApplicationCreateParsed = z.output<typeof applicationCreateSchema>;

/**
 * PATCH /api/v1/applications/:slug (owner or administrator): any of name, description, icon,
 * colour, modules; at least one. `null` (or '' for the description) clears a value; the slug is
 * fixed (it is in every URL of the workspace).
 */
export const applicationUpdateSchema = z
  .object({
    name: appNameSchema.optional(),
    description: appDescriptionSchema.nullable().optional(),
    icon: appIconSchema.nullable().optional(),
    color: appColorSchema.nullable().optional(),
    modules: appModulesSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'errors.required' });
export type ApplicationUpdate = z.input<typeof applicationUpdateSchema>;
export type ApplicationUpdateParsed = z.output<typeof applicationUpdateSchema>;

/**
 * GET /api/v1/applications: paging; `q` searches slug and name (substring, case-insensitive);
 * `sort` one of APPLICATION_SORT_FIELDS (default name:asc, then slug). Deleted applications (in
 * the recycle bin) are never listed.
 */
export const applicationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sort: sortParamSchema(APPLICATION_SORT_FIELDS).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const applicationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** An APP_ICONS name, or null (the default icon). */
  icon: z.string().nullable(),
  /** Theme colour `#rrggbb`, or null (the site's). */
  color: z.string().nullable(),
  /** Enabled workspace modules (APP_MODULES order). */
  modules: z.array(z.enum(APP_MODULES)),
  createdAt: z.string(),
  updatedAt: z.string(),
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
