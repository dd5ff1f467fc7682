/**
 * Groups of users (docs/product.md "Roles": members of an application are users or groups). A
 * group has members (users) and application roles granted to the whole group; a user's effective
 * role in an application is the highest of their own membership and the grants of the live groups
 * they are in. Deleting a group moves it to the recycle bin. The group's own schemas are the
 * resource kit's, derived from contracts/groups.resource.ts; the members and grants are here.
 */
import { z } from 'zod';
import { APP_ROLES } from './constants';
import { pageQuerySchema } from './envelope';
import type { ResourceCreateInput, ResourceListQuery, ResourceRecord, ResourceUpdateInput } from './resource';
import { resourceSchemas } from './resource-zod';
import { groupResource, type GroupResource } from './groups.resource';

export { groupResource, type GroupResource } from './groups.resource';

/** Every schema of /api/v1/groups: the kit's, with the list's `userId` (the groups that user is in). */
export const groupSchemas = resourceSchemas(groupResource, { query: { userId: z.uuid().optional() } });

/** POST /api/v1/groups. The name is unique, case-insensitively, among live groups (409 field 'name'). */
export const groupCreateSchema = groupSchemas.create;
export type GroupCreate = ResourceCreateInput<GroupResource>;

/** PATCH /api/v1/groups/:id: name and/or description (at least one; '' or null clears the description). */
export const groupUpdateSchema = groupSchemas.update;
export type GroupUpdate = ResourceUpdateInput<GroupResource>;

/** A group as the list answers it, with its counts of live members and of grants. */
export const groupSchema = groupSchemas.read;
export type Group = ResourceRecord<GroupResource>;

/** Sortable columns of GET /groups (and updatedAt). */
export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'memberCount'] as const;

/** GET /api/v1/groups: `q` searches name and description; `userId` = the groups that user is in; sort (default name:asc). */
export const groupListQuerySchema = groupSchemas.listQuery;
export type GroupListQuery = ResourceListQuery & { userId?: string };

/** An application role granted to a group. */
export const groupGrantSchema = z.object({
  applicationId: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(APP_ROLES),
});
export type GroupGrant = z.infer<typeof groupGrantSchema>;

/** GET /api/v1/groups/:id (and create, update, the grant routes): the group and its grants (by application name). Members are paged apart. */
export const groupDetailSchema = groupSchema.and(z.object({ grants: z.array(groupGrantSchema) }));
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
