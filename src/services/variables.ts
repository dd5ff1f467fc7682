/** Variables: /api/v1/variables (administrators). A secret's value never comes back. */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Variable, VariableCreate, VariableType, VariableUpdate } from '../../contracts';

export interface VariableListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  /** 'global' or an application id. */
  scope?: string;
  type?: VariableType;
  /** `field:asc|desc`, field key|type|createdAt|updatedAt. */
  sort?: string;
}

/**
 * ProTable's `sort` (`{ field: 'ascend' | 'descend' }`) as the API's `field:asc|desc`, or
 * undefined when no column is sorted. Shared by the catalogue's tables (tags too).
 */
export function toSortParam(sort: Record<string, 'ascend' | 'descend' | null> | undefined): string | undefined {
  const [field, order] = Object.entries(sort ?? {}).find(([, o]) => o) ?? [];
  return field && order ? `${field}:${order === 'ascend' ? 'asc' : 'desc'}` : undefined;
}

/** A page of variables (ProTable's shape); filters as in VariableListParams. */
export async function listVariables(params: VariableListParams = {}): Promise<Page<Variable>> {
  return request<Page<Variable>>('/api/v1/variables', { method: 'GET', params });
}

/** One variable; rejects 404. */
export async function getVariable(id: string, signal?: AbortSignal): Promise<Variable> {
  const res = await request<Ok<Variable>>(`/api/v1/variables/${encodeURIComponent(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Creates a variable; 400 names 'value'/'key', 409 names 'key'. */
export async function createVariable(input: VariableCreate): Promise<Variable> {
  const res = await request<Ok<Variable>>('/api/v1/variables', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Edits a variable; `value` absent keeps the stored one (a secret stays unchanged). */
export async function updateVariable(id: string, input: VariableUpdate): Promise<Variable> {
  const res = await request<Ok<Variable>>(`/api/v1/variables/${encodeURIComponent(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Moves a variable to the recycle bin. */
export async function deleteVariable(id: string): Promise<void> {
  await request(`/api/v1/variables/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
