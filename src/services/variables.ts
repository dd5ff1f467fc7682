/**
 * Variables: /api/v1/variables (administrators), through the resource kit's client
 * (services/resource-api.ts) made from contracts/variables.resource.ts. A secret's value never
 * comes back (the read has `hasValue` instead); the list also filters by `scope` (`global` or an
 * application id), a filter the server writes beside the definition.
 */
import type { Variable } from '../../contracts';
import { variableResource } from '../../contracts/variables.resource';
import { resourceApi } from './resource-api';

/** The variables' API client: list (`q` on key/description, `type`, `sort` key|type|createdAt|updatedAt), get, create, update, remove. */
export const variablesApi = resourceApi(variableResource);

/** One variable in its read shape (`hasValue`, the application's slug and name); rejects 404. */
export const getVariable = async (id: string, signal?: AbortSignal): Promise<Variable> =>
  (await variablesApi.get(id, signal)) as unknown as Variable;
