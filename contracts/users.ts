/**
 * Users: administrators list (server-side paging, sort, search, filters),
 * create, edit, disable/enable, reset passwords (the new password is shown once), and delete to
 * the recycle bin. The user page adds groups, application memberships with the effective role
 * (docs/product.md "Roles": the highest of the user's own membership and their groups' grants),
 * sessions and the user's audit trail.
 */
import { z } from 'zod';
import { emailSchema, LOCALES, passwordFloorSchema, personNameSchema } from './auth';
import { APP_ROLES } from './constants';
import { pageQuerySchema } from './envelope';

/** A job title or phone number: trimmed, at most 100 characters; '' clears it (stored as null). */
const profileTextSchema = z.string().trim().max(100);

export const userCreateSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  /** The floor here; the system's password policy is checked by the server (settings). */
  password: passwordFloorSchema,
  isAdmin: z.boolean().default(false),
  title: profileTextSchema.optional(),
  phone: profileTextSchema.optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  locale: z.enum(LOCALES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A user as an administrator manages it: User plus state and profile (ISO timestamps). */
export const managedUserSchema = userSchema.extend({
  disabled: z.boolean(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  passwordChangedAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/**
 * PATCH /api/v1/users/:id (administrators): any of name, e-mail, title, phone, administrator,
 * disabled; at least one. Disabling revokes every session of the account; an administrator cannot
 * disable or demote their own account, nor the last enabled administrator (409).
 */
export const userUpdateSchema = z
  .object({
    name: personNameSchema.optional(),
    email: emailSchema.optional(),
    title: profileTextSchema.optional(),
    phone: profileTextSchema.optional(),
    isAdmin: z.boolean().optional(),
    disabled: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'errors.required' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Sortable columns of GET /users (`sort=name:asc`). */
export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** `true`/`false` in a query string as a boolean. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `field:asc|desc` of one of `fields`. */
export const sortParamSchema = <F extends readonly [string, ...string[]]>(fields: F) =>
  z
    .string()
    .regex(new RegExp(`^(${fields.join('|')}):(asc|desc)$`), { message: 'errors.sort' })
    .transform((s) => {
      const [field, dir] = s.split(':');
      return { field: field as F[number], desc: dir === 'desc' };
    });

/**
 * GET /api/v1/users: `q` searches name and e-mail (substring, case-insensitive); filters
 * `disabled`, `isAdmin` (true/false) and `groupId` (members of that group); `sort` one of
 * USER_SORT_FIELDS (default name:asc, then e-mail).
 */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sort: sortParamSchema(USER_SORT_FIELDS).optional(),
  disabled: queryBooleanSchema.optional(),
  isAdmin: queryBooleanSchema.optional(),
  groupId: z.uuid().optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * POST /api/v1/users/:id/password-reset: the new password, shown once and never stored in clear;
 * the user's sessions ended and API tokens revoked.
 */
export const passwordResetResultSchema = z.object({
  user: managedUserSchema,
  password: z.string(),
  sessionsRevoked: z.number().int(),
  tokensRevoked: z.number().int(),
});
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

/** A group the user is in. */
export const userGroupSchema = z.object({ id: z.string(), name: z.string() });
export type UserGroup = z.infer<typeof userGroupSchema>;

/**
 * An application the user has a role in: `role` is the effective one (highest of `direct` and
 * the grants of `viaGroups`, docs/product.md "Roles").
 */
export const userMembershipSchema = z.object({
  applicationId: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(APP_ROLES),
  direct: z.enum(APP_ROLES).nullable(),
  viaGroups: z.array(z.object({ groupId: z.string(), groupName: z.string(), role: z.enum(APP_ROLES) })),
});
export type UserMembership = z.infer<typeof userMembershipSchema>;

/** GET /api/v1/users/:id: the user, their groups (by name) and memberships (by application name). */
export const userDetailSchema = z.object({
  user: managedUserSchema,
  groups: z.array(userGroupSchema),
  memberships: z.array(userMembershipSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** An active session of a user (GET /api/v1/users/:id/sessions); `id` is the session's stored hash. */
export const userSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
