/**
 * /api/v1/groups: groups of users (contracts/groups.resource.ts), administrators only. The resource
 * kit (server/src/core/resource/routes.ts) registers list, read, create, edit and delete with the
 * definition's access (a read, create or edit answers the group with its grants); this file adds
 * the members and grants of a group.
 */
import { z } from 'zod';
import {
  groupDetailSchema,
  groupGrantSetSchema,
  groupMemberAddSchema,
  groupMemberQuerySchema,
  groupMemberSchema,
  groupResource,
  groupSchemas,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { resourceRoutes } from '../../core/resource';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { addGroupMember, groupService, listGroupMembers, removeGrant, removeGroupMember, setGrant } from './groups.service';

const idParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
const grantParams = z.object({ id: z.uuid(), applicationId: z.uuid() });

export const groupRoutes = resourceRoutes({
  def: groupResource,
  schemas: groupSchemas,
  detailSchema: groupDetailSchema,
  service: groupService,
  extra: (app, guard) => {
    /** GET /groups/:id/members?current&pageSize&q — administrators → page of GroupMember. 404. */
    app.get(
      '/groups/:id/members',
      {
        preValidation: guard('members'),
        schema: {
          tags: ['groups'],
          summary: 'Members of a group',
          params: idParams,
          querystring: groupMemberQuerySchema,
          response: { 200: pageSchema(groupMemberSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { items, total } = await listGroupMembers(app.db, request.params.id, request.query);
        return page(items, total, request.query.current, request.query.pageSize);
      },
    );

    /** POST /groups/:id/members — administrators; body `{ userId }` → `{ added }`. 404 group or user. */
    app.post(
      '/groups/:id/members',
      {
        preValidation: guard('addMember'),
        config: { audit: ['group.member_add'] },
        schema: {
          tags: ['groups'],
          summary: 'Add a user to a group',
          params: idParams,
          body: groupMemberAddSchema,
          response: { 200: okSchema(z.object({ added: z.boolean() })), ...errorResponses },
        },
      },
      async (request) => ok({ added: await addGroupMember(app.db, request.params.id, request.body.userId, auditOf(request)) }),
    );

    /** DELETE /groups/:id/members/:userId — administrators. 404 group or membership. */
    app.delete(
      '/groups/:id/members/:userId',
      {
        preValidation: guard('removeMember'),
        config: { audit: ['group.member_remove'] },
        schema: {
          tags: ['groups'],
          summary: 'Remove a user from a group',
          params: memberParams,
          response: { 200: okSchema(z.object({ userId: z.string() })), ...errorResponses },
        },
      },
      async (request) => {
        await removeGroupMember(app.db, request.params.id, request.params.userId, auditOf(request));
        return ok({ userId: request.params.userId });
      },
    );

    /** PUT /groups/:id/grants/:applicationId — administrators; body `{ role }` → GroupDetail. 404. */
    app.put(
      '/groups/:id/grants/:applicationId',
      {
        preValidation: guard('setGrant'),
        config: { audit: ['group.grant_add', 'group.grant_update'] },
        schema: {
          tags: ['groups'],
          summary: 'Grant a group a role in an application',
          params: grantParams,
          body: groupGrantSetSchema,
          response: { 200: okSchema(groupDetailSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await setGrant(app.db, request.params.id, request.params.applicationId, request.body.role, auditOf(request))),
    );

    /** DELETE /groups/:id/grants/:applicationId — administrators → GroupDetail. 404 group or grant. */
    app.delete(
      '/groups/:id/grants/:applicationId',
      {
        preValidation: guard('removeGrant'),
        config: { audit: ['group.grant_remove'] },
        schema: {
          tags: ['groups'],
          summary: 'Remove a group’s role in an application',
          params: grantParams,
          response: { 200: okSchema(groupDetailSchema), ...errorResponses },
        },
      },
      async (request) => ok(await removeGrant(app.db, request.params.id, request.params.applicationId, auditOf(request))),
    );
  },
});
