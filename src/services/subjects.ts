/** Subjects of an application (Data core I): for now only the lookup the `/{app}/{subject}` routes need. */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';

export interface SubjectRef {
  key: string;
  name: string;
}

/** One subject of an application; rejects 404 when the application has no such subject. */
export async function getSubject(app: string, subject: string, signal?: AbortSignal): Promise<SubjectRef> {
  const res = await request<Ok<SubjectRef>>(
    `/api/v1/applications/${encodeURIComponent(app)}/subjects/${encodeURIComponent(subject)}`,
    { method: 'GET', signal, skipErrorHandler: true },
  );
  return res.data;
}

/** One record of a subject; rejects 404 for an unknown subject or record. */
export async function getRecord(app: string, subject: string, record: string, signal?: AbortSignal): Promise<{ id: string }> {
  const res = await request<Ok<{ id: string }>>(
    `/api/v1/applications/${encodeURIComponent(app)}/subjects/${encodeURIComponent(subject)}/records/${encodeURIComponent(record)}`,
    { method: 'GET', signal, skipErrorHandler: true },
  );
  return res.data;
}
