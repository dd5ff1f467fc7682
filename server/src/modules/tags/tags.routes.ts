/**
 * /api/v1/tags (contracts/tags.resource.ts). The resource kit registers list, create, edit and
 * delete with the definition's access (listing for every signed-in user, the tag picker;
 * managing for administrators); this file adds the tagging endpoints (administrators).
 */
import { z } from 'zod';
import { okSchema, tagAssignSchema, tagResource, tagSchema, tagSchemas, targetSchema } from '../../../../contracts';
import { resourceRoutes } from '../../core/resource';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { assignTags, tagService, tagsOf } from './tags.service';

export const tagRoutes = resourceRoutes({
  def: tagResource,
  schemas: tagSchemas,
  service: tagService,
  extra: (app, guard) => {
    /**
     * PUT /tags/assign — administrators; `{ targetType, targetId, tagIds }` replaces the object's
     * tags → Tag[] (its tags now). 400 naming 'tagIds' for an unknown or deleted tag.
     */
    app.put(
      '/tags/assign',
      {
        preValidation: guard('assign'),
        config: { audit: ['tag.assign'] },
        schema: { tags: ['tags'], summary: "Replace an object's tags", body: tagAssignSchema, response: { 200: okSchema(z.array(tagSchema)), ...errorResponses } },
      },
      async (request) => ok(await assignTags(app.db, request.body, auditOf(request))),
    );

    /** GET /tags/of?targetType&targetId — administrators → Tag[] of the object, by name. */
    app.get(
      '/tags/of',
      {
        preValidation: guard('of'),
        schema: { tags: ['tags'], summary: "An object's tags", querystring: targetSchema, response: { 200: okSchema(z.array(tagSchema)), ...errorResponses } },
      },
      async (request) => ok(await tagsOf(app.db, request.query)),
    );
  },
});
