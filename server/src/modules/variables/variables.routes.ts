/**
 * /api/v1/variables (contracts/variables.resource.ts): administrators only. The resource kit
 * (server/src/core/resource/routes.ts) registers list, read, create, edit and delete with the
 * definition's access; this file gives it the variables' own schemas (the value checked against
 * the type on create, the `scope` filter, the read shape where a secret's value is always null).
 * Rules: variables.service.ts.
 */
import { variableCreateSchema, variableResource, variableSchema, variableSchemas } from '../../../../contracts';
import { resourceRoutes } from '../../core/resource';
import { variableService } from './variables.service';

export const variableRoutes = resourceRoutes({
  def: variableResource,
  schemas: { ...variableSchemas, create: variableCreateSchema },
  readSchema: variableSchema,
  service: variableService,
});
