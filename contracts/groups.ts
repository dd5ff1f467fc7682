/**
 * Groups of users (docs/product.md "Roles": members of an application are users or
 * groups). A group has members (users) and application roles granted to the whole group; a
 * user's effective role in an application is the highest of their own membership and the grants
 * of the live groups they are in. Deleting a group moves it to the recycle bin.
 */
import { z } from 'zod';
import { APP_ROLES } from './constants';
import { pageQuerySchema } from './envelope';
import { sortParamSchema } from './users';

export const groupNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(100);

/** POST /api/v1/groups. The name is unique, case-insensitively, among live groups (409 field 'name'). */
export const groupCreateSchema = z.object({
  name: groupNameSchema,
  description: z.string().trim().max(500).optional(),
});
export type GroupCreate = z.infer<typeof groupCreateSchema>;

/** PATCH /api/v1/groups/:id: name and/or description (at least one; '' clears the description). */
export const groupUpdateSchema = z
  .object({ name: groupNameSchema.optional(), description: z.string().trim().max(500).optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: 'errors.required' });
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Live (not deleted) users in the group. */
  memberCount: z.number().int(),
  /** Applications the group has a role in. */
  grantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** Sortable columns of GET /groups. */
export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'memberCount'] as const;

/** GET /api/v1/groups: `q` searches the name; `userId` = the groups that user is in; sort (default name:asc). */
export const groupListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sort: sortParamSchema(GROUP_SORT_FIELDS).optional(),
  userId: z.uuid().optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

/** An application role granted to a group. */
export const groupGrantSchema = z.object({
  applicationId: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(APP_ROLES),
});
export type GroupGrant = z.infer<typeof groupGrantSchema>;

/** GET /api/v1/groups/:id: the group and its grants (by application name). Members are paged apart. */
export const groupDetailSchema = groupSchema.extend({ grants: z.array(groupGrantSchema) });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** A member as GET /api/v1/groups/:id/members lists it. */
export const groupMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  addedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** GET /api/v1/groups/:id/members: paged, `q` on name/e-mail, ordered by name. */
export const groupMemberQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export type GroupMemberQuery = z.infer<typeof groupMemberQuerySchema>;

/** POST /api/v1/groups/:id/members: add a user (already a member: no change, still 200). */
export const groupMemberAddSchema = z.object({ userId: z.uuid() });
export type GroupMemberAdd = z.infer<typeof groupMemberAddSchema>;

/** PUT /api/v1/groups/:id/grants/:applicationId: grant or change the group's role there. */
export const groupGrantSetSchema = z.object({ role: z.enum(APP_ROLES) });
export type GroupGrantSet = z.infer<typeof groupGrantSetSchema>;
