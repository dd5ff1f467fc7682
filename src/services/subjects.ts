/**
 * Subjects and their fields (Subjects and fields; contracts/subjects.ts):
 * `/api/v1/applications/:slug/subjects…` for one application's subjects and schema, and the
 * administrators' `/api/v1/subjects` (every application's) and `/api/v1/subjects/:id`.
 * Mutations reject with the server's envelope (ApiError): 400 names the field, 409 KEY_TAKEN names
 * `key`, 409 TYPE_CHANGE_REFUSED carries a TypeChangeConflict in `conflict`.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Field, FieldCreate, FieldUpdate, Subject, SubjectCreate, SubjectDetail, SubjectUpdate } from '../../contracts';

/** What the `/{app}/{subject}` route loader needs of a subject (a SubjectDetail satisfies it). */
export interface SubjectRef {
  key: string;
  name: string;
}

/** Paging and search of the subject lists: `q` on key or name; `application` (slug) on the admin list only. */
export interface SubjectListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  application?: string;
}

const appBase = (app: string) => `/api/v1/applications/${encodeURIComponent(app)}/subjects`;
const subjectBase = (app: string, subject: string) => `${appBase(app)}/${encodeURIComponent(subject)}`;
const fieldsBase = (app: string, subject: string) => `${subjectBase(app, subject)}/fields`;

/** One subject of an application with its live fields in order; rejects 404 when the application has no such subject. */
export async function getSubject(app: string, subject: string, signal?: AbortSignal): Promise<SubjectDetail> {
  const res = await request<Ok<SubjectDetail>>(subjectBase(app, subject), { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}


/** A page of every application's subjects (administrators), ProTable's shape; `application` = a slug. */
export async function listSubjects(params: SubjectListParams = {}): Promise<Page<Subject>> {
  return request<Page<Subject>>('/api/v1/subjects', { method: 'GET', params });
}

/** A page of one application's subjects (any member). */
export async function listAppSubjects(app: string, params: Omit<SubjectListParams, 'application'> = {}): Promise<Page<Subject>> {
  return request<Page<Subject>>(appBase(app), { method: 'GET', params });
}

/** The first 100 subjects of an application by name, for pickers (the grid's subject, a relation's target, the query builder). */
export async function listAppSubjectOptions(app: string): Promise<Subject[]> {
  return (await listAppSubjects(app, { pageSize: 100 })).data;
}

/** A subject by id with its fields (administrators); rejects 404 for an unknown or deleted id. */
export async function getSubjectById(id: string, signal?: AbortSignal): Promise<SubjectDetail> {
  const res = await request<Ok<SubjectDetail>>(`/api/v1/subjects/${encodeURIComponent(id)}`, {
    method: 'GET',
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}

/** Creates a subject (its table, and any `fields`) in an application; owner or administrator. */
export async function createSubject(app: string, input: SubjectCreate): Promise<SubjectDetail> {
  const res = await request<Ok<SubjectDetail>>(appBase(app), { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Edits a subject's name, icon, description or display field (the key is fixed). */
export async function updateSubject(app: string, subject: string, input: SubjectUpdate): Promise<SubjectDetail> {
  const res = await request<Ok<SubjectDetail>>(subjectBase(app, subject), {
    method: 'PATCH',
    data: input,
    skipErrorHandler: true,
  });
  return res.data;
}

/** Moves a subject (with its records) to the recycle bin, where it can be restored. */
export async function removeSubject(app: string, subject: string): Promise<void> {
  await request(subjectBase(app, subject), { method: 'DELETE', skipErrorHandler: true });
}

/** Adds a field (a column) to a subject; 400 names the option at fault, 409 KEY_TAKEN names `key`. */
export async function addField(app: string, subject: string, input: FieldCreate): Promise<Field> {
  const res = await request<Ok<Field>>(fieldsBase(app, subject), { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/**
 * Edits a field. A type change converts the stored values; when some cannot be converted (or a new
 * `required`/`unique` breaks records) it rejects 409 TYPE_CHANGE_REFUSED with a TypeChangeConflict.
 */
export async function updateField(app: string, subject: string, field: string, input: FieldUpdate): Promise<Field> {
  const res = await request<Ok<Field>>(`${fieldsBase(app, subject)}/${encodeURIComponent(field)}`, {
    method: 'PATCH',
    data: input,
    skipErrorHandler: true,
  });
  return res.data;
}

/** Moves a field (its column and values) to the recycle bin. */
export async function removeField(app: string, subject: string, field: string): Promise<void> {
  await request(`${fieldsBase(app, subject)}/${encodeURIComponent(field)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Puts the fields in a new order: every live field key, first to last. */
export async function reorderFields(app: string, subject: string, keys: string[]): Promise<void> {
  await request(`${fieldsBase(app, subject)}/order`, { method: 'PUT', data: { keys }, skipErrorHandler: true });
}
