/**
 * /api/v1/groups: groups of users, their members and their application grants; administrators
 * only (contracts/groups.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupCreateSchema,
  groupDetailSchema,
  groupGrantSetSchema,
  groupListQuerySchema,
  groupMemberAddSchema,
  groupMemberQuerySchema,
  groupMemberSchema,
  groupSchema,
  groupUpdateSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  getGroup,
  listGroupMembers,
  listGroups,
  removeGrant,
  removeGroupMember,
  setGrant,
  updateGroup,
} from './groups.service';

const idParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
const grantParams = z.object({ id: z.uuid(), applicationId: z.uuid() });

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /groups?current&pageSize&q&sort&userId — administrators → page of Group. */
  app.get(
    '/groups',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['groups'],
        summary: 'List groups',
        querystring: groupListQuerySchema,
        response: { 200: pageSchema(groupSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listGroups(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /groups — administrators; body groupCreateSchema → 201 GroupDetail. 409 name taken (field 'name'). */
  app.post(
    '/groups',
    {
      preValidation: requireAdmin,
      config: { audit: ['group.create'] },
      schema: {
        tags: ['groups'],
        summary: 'Create a group',
        body: groupCreateSchema,
        response: { 201: okSchema(groupDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createGroup(app.db, request.body, auditOf(request)));
    },
  );

  /** GET /groups/:id — administrators → GroupDetail (with grants). 404. */
  app.get(
    '/groups/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['groups'],
        summary: 'A group with its grants',
        params: idParams,
        response: { 200: okSchema(groupDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getGroup(app.db, request.params.id)),
  );

  /** PATCH /groups/:id — administrators; body groupUpdateSchema → GroupDetail. 404; 409 name taken. */
  app.patch(
    '/groups/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['group.update'] },
      schema: {
        tags: ['groups'],
        summary: 'Rename a group or change its description',
        params: idParams,
        body: groupUpdateSchema,
        response: { 200: okSchema(groupDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateGroup(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /groups/:id — administrators: to the recycle bin (members and grants kept for a restore). 404. */
  app.delete(
    '/groups/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['group.delete'] },
      schema: {
        tags: ['groups'],
        summary: 'Delete a group to the recycle bin',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteGroup(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** GET /groups/:id/members?current&pageSize&q — administrators → page of GroupMember. 404. */
  app.get(
    '/groups/:id/members',
    {
      preValidation: requireAdmin,
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
      preValidation: requireAdmin,
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
      preValidation: requireAdmin,
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
      preValidation: requireAdmin,
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
      preValidation: requireAdmin,
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
};
