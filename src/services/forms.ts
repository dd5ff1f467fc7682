/**
 * Dynamic forms (`/admin/form`, `/admin/form/:dynamicForm`, the workspace's record forms;
 * contracts/forms.ts): list with search and paging, one form, a subject's default form, create,
 * change (layout, "set as default"), delete to the recycle bin.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { DynamicForm, DynamicFormCreate, DynamicFormUpdate } from '../../contracts';
import { subjectPath } from './records';

const BASE = '/api/v1/forms';
const enc = encodeURIComponent;

export interface FormListParams {
  current?: number;
  pageSize?: number;
  /** Searches the name. */
  q?: string;
  /** An application's slug. */
  application?: string;
  subjectId?: string;
}

/** Forms the user may read, most recently changed first. */
export async function listForms(params: FormListParams = {}): Promise<Page<DynamicForm>> {
  return request<Page<DynamicForm>>(BASE, { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** One form; rejects 404 for an unknown (or deleted) id. */
export async function getForm(id: string, signal?: AbortSignal): Promise<DynamicForm> {
  const res = await request<Ok<DynamicForm>>(`${BASE}/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** The subject's default form, or null when it has none. */
export async function getDefaultForm(app: string, subject: string, signal?: AbortSignal): Promise<DynamicForm | null> {
  const res = await request<Ok<DynamicForm | null>>(`${subjectPath(app, subject)}/default-form`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Creates a form; 400 names the field (`name`, `layout.sections.0.fields.1.key`…). */
export async function createForm(input: DynamicFormCreate): Promise<DynamicForm> {
  const res = await request<Ok<DynamicForm>>(BASE, { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Changes a form (name, layout, `isDefault: true` = "set as default"); 400 names the field. */
export async function updateForm(id: string, input: DynamicFormUpdate): Promise<DynamicForm> {
  const res = await request<Ok<DynamicForm>>(`${BASE}/${enc(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Moves a form to the recycle bin. */
export async function removeForm(id: string): Promise<void> {
  await request(`${BASE}/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}
