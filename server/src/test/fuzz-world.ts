/**
 * The fuzz test's world (not a test file): an administrator, a spare administrator (for the
 * operations that end their own session), a plain "victim" user, and one of almost everything
 * made through the API — an application with two subjects (every common field type, a relation),
 * records, a group, tag, category, notice, variable, client, view and share, form, saved query,
 * comment, token, attachment and import batch — so fuzzed paths reach real objects. A part that
 * fails to be made is left out (its paths are fuzzed with junk only) and named in `missing`.
 */
import type { FastifyInstance } from 'fastify';
import { call, createUser, DEFAULT_PASSWORD, initAdmin, json, login } from './helpers';

/** The world: sessions, real ids by collection, path values by parameter name. */
export interface FuzzWorld {
  adminEmail: string;
  adminPassword: string;
  adminCookie: string;
  spareEmail: string;
  spareCookie: string;
  /** Real ids by the path segment that precedes `{id}` (users, records, groups…). */
  idsByCollection: Record<string, string>;
  /** Real values of the other path parameters (slug, key, field, userId…). */
  params: Record<string, string>;
  /** Real values of query parameters by name (a share's `token`). */
  queryValues: Record<string, string>;
  /** Every real id. */
  ids: string[];
  fieldKeys: string[];
  cursors: { cursor: string; sort: string }[];
  /** What could not be made (for the test's diagnostic). */
  missing: string[];
}

export const FUZZ_SLUG = 'fuzz';
export const FUZZ_SUBJECT = 'items';

/** The fuzzed subject's fields (one per common type; `part` relates to the subject `parts`). */
function itemFields(partsId: string) {
  return [
    { key: 'title', name: 'Title', type: 'text', unique: true },
    { key: 'notes', name: 'Notes', type: 'longText' },
    { key: 'amount', name: 'Amount', type: 'number', options: { precision: 2 }, validation: { min: -1000000, max: 1000000 } },
    { key: 'price', name: 'Price', type: 'money', options: { currency: 'CNY' } },
    { key: 'ratio', name: 'Ratio', type: 'percent' },
    { key: 'due', name: 'Due', type: 'date' },
    { key: 'at', name: 'At', type: 'datetime' },
    { key: 'done', name: 'Done', type: 'boolean' },
    { key: 'status', name: 'Status', type: 'singleSelect', options: { choices: [{ label: 'Open', color: '#00aa00' }, { label: 'Closed', color: '#aa0000' }] } },
    { key: 'labels', name: 'Labels', type: 'multiSelect', options: { choices: [{ label: 'A', color: '#0000aa' }, { label: 'B', color: '#aaaa00' }] } },
    { key: 'mail', name: 'Mail', type: 'email' },
    { key: 'site', name: 'Site', type: 'url' },
    { key: 'tel', name: 'Tel', type: 'phone' },
    { key: 'owner', name: 'Owner', type: 'user' },
    { key: 'part', name: 'Part', type: 'relation', options: { targetSubjectId: partsId } },
    { key: 'parts', name: 'Parts', type: 'relation', options: { targetSubjectId: partsId, multiple: true } },
    { key: 'file', name: 'File', type: 'attachment' },
    { key: 'double', name: 'Double', type: 'formula', options: { expression: 'amount * 2', resultType: 'number' } },
    { key: 'no', name: 'No', type: 'autoNumber', options: { prefix: 'F-', padding: 3 } },
  ];
}

/** Builds the world on an app without an administrator yet. */
export async function buildFuzzWorld(app: FastifyInstance): Promise<FuzzWorld> {
  const admin = await initAdmin(app);
  const adminCookie = await login(app, admin.email, admin.password);
  const spare = await createUser(app, adminCookie, { name: 'Spare admin', isAdmin: true });
  const victim = await createUser(app, adminCookie, { name: 'Victim' });
  const missing: string[] = [];
  const idsByCollection: Record<string, string> = { users: victim.user.id };
  const queryValues: Record<string, string> = {};
  const params: Record<string, string> = { slug: FUZZ_SLUG, key: FUZZ_SUBJECT, field: 'title', userId: victim.user.id, version: '1' };

  /** POSTs/PUTs `body` as the administrator; the answer's `data.id` (or `data.item.id`, `data.batch.id`), or undefined. */
  const make = async (what: string, method: 'POST' | 'PUT', url: string, body?: unknown): Promise<string | undefined> => {
    const res = await call(app, method, url, { cookie: adminCookie, body });
    if (res.statusCode >= 300) {
      missing.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      return undefined;
    }
    const data = json<{ data?: { id?: string; item?: { id?: string }; batch?: { id?: string }; record?: { id?: string } } }>(res).data;
    return data?.id ?? data?.item?.id ?? data?.batch?.id ?? data?.record?.id;
  };
  const upload = async (what: string, url: string, fileName: string, content: string): Promise<string | undefined> => {
    const boundary = '----assayworld';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie, 'x-assay-request': '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode >= 300) {
      missing.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      return undefined;
    }
    const data = json<{ data?: { id?: string; batch?: { id?: string } } }>(res).data;
    return data?.id ?? data?.batch?.id;
  };

  const appId = await make('application', 'POST', '/api/v1/applications', { slug: FUZZ_SLUG, name: 'Fuzz' });
  if (appId) params.applicationId = appId;
  await call(app, 'POST', `/api/v1/applications/${FUZZ_SLUG}/members`, { cookie: adminCookie, body: { email: victim.email, role: 'editor' } });
  const base = `/api/v1/applications/${FUZZ_SLUG}/subjects`;
  const partsId = await make('subject parts', 'POST', base, { key: 'parts', name: 'Parts', fields: [{ key: 'name', name: 'Name', type: 'text' }], displayField: 'name' });
  const subjectId = await make('subject items', 'POST', base, { key: FUZZ_SUBJECT, name: 'Items', fields: itemFields(partsId ?? ''), displayField: 'title' });
  if (subjectId) idsByCollection.subjects = subjectId;
  const records = `${base}/${FUZZ_SUBJECT}/records`;
  const partId = await make('part record', 'POST', `${base}/parts/records`, { values: { name: 'Bolt' } });
  const recordIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = await make(`record ${i}`, 'POST', records, {
      values: { title: `Item ${i}`, amount: i * 10.5, due: `2026-0${1 + i}-15`, at: `2026-01-0${1 + i}T10:00:00Z`, done: i % 2 === 0, status: 'Open', labels: ['A'], owner: victim.user.id, part: partId, parts: partId ? [partId] : [] },
    });
    if (id) recordIds.push(id);
  }
  if (recordIds[0]) idsByCollection.records = recordIds[0];
  const cursors: { cursor: string; sort: string }[] = [];
  for (const sort of ['', 'amount:asc', 'due:desc,title:asc', 'at:asc', 'part:asc', 'owner:desc', 'done:asc']) {
    const res = await call(app, 'GET', `${records}?pageSize=1${sort ? `&sort=${sort}` : ''}`, { cookie: adminCookie });
    const next = res.statusCode === 200 ? json<{ nextCursor: string | null }>(res).nextCursor : null;
    if (next) cursors.push({ cursor: next, sort: sort || 'createdAt:desc' });
    else missing.push(`cursor ${sort}: ${res.statusCode}`);
  }

  const groupId = await make('group', 'POST', '/api/v1/groups', { name: 'Fuzzers' });
  if (groupId) idsByCollection.groups = groupId;
  const tagId = await make('tag', 'POST', '/api/v1/tags', { name: 'fuzz', color: '#336699' });
  if (tagId) idsByCollection.tags = tagId;
  const categoryId = await make('category', 'POST', '/api/v1/categories', { name: 'Fuzz' });
  if (categoryId) idsByCollection.categories = categoryId;
  const noticeId = await make('notice', 'POST', '/api/v1/notices', { title: 'Fuzz', body: '<p>Hi</p>', audience: 'everyone', published: true });
  if (noticeId) idsByCollection.notices = noticeId;
  const variableId = await make('variable', 'POST', '/api/v1/variables', { key: 'fuzz_var', type: 'text', value: 'v' });
  if (variableId) idsByCollection.variables = variableId;
  const clientId = await make('client', 'POST', '/api/v1/clients', { code: 'FUZZ-1', name: 'Fuzz client' });
  if (clientId) idsByCollection.clients = clientId;
  const viewId = await make('view', 'POST', `${base}/${FUZZ_SUBJECT}/views`, { name: 'Fuzz view', config: { type: 'grid', columns: ['title', 'amount'] } });
  if (viewId) idsByCollection.views = viewId;
  if (viewId) {
    const res = await call(app, 'POST', `/api/v1/views/${viewId}/shares`, { cookie: adminCookie, body: {} });
    const data = res.statusCode < 300 ? json<{ data: { id: string; token?: string } }>(res).data : undefined;
    if (data?.id) params.shareId = data.id;
    if (data?.token) queryValues.token = data.token;
    else missing.push(`share: ${res.statusCode}`);
  }
  const formId = await make('form', 'POST', '/api/v1/forms', { application: FUZZ_SLUG, subjectKey: FUZZ_SUBJECT, name: 'Fuzz form' });
  if (formId) idsByCollection.forms = formId;
  const queryId = await make('record query', 'POST', '/api/v1/record-queries', { name: 'Fuzz query', definition: { subjectId: subjectId ?? '', columns: ['title', 'amount', 'part.name'] } });
  if (queryId) idsByCollection['record-queries'] = queryId;
  if (recordIds[1]) {
    const commentId = await make('comment', 'POST', `${records}/${recordIds[1]}/comments`, { body: 'A comment' });
    if (commentId) params.commentId = commentId;
  }
  const tokenId = await make('token', 'POST', '/api/v1/auth/me/tokens', { name: 'fuzz' });
  if (tokenId) idsByCollection.tokens = tokenId;
  const attachmentId = await upload('attachment', `/api/v1/applications/${FUZZ_SLUG}/attachments`, 'a.txt', 'hello');
  if (attachmentId) idsByCollection.attachments = attachmentId;
  const batchId = await upload('import', `${base}/${FUZZ_SUBJECT}/imports`, 'a.csv', 'title,amount\nImported,3\nBad,x\n');
  if (batchId) idsByCollection.imports = batchId;
  // one record in the recycle bin, for its restore/purge paths
  if (recordIds[5]) {
    const res = await call(app, 'DELETE', `${records}/${recordIds[5]}`, { cookie: adminCookie });
    if (res.statusCode < 300) {
      idsByCollection.recycle = recordIds[5];
      params.type = 'record';
    }
  }

  const ids = [...new Set([...Object.values(idsByCollection), ...recordIds, admin.user.id, spare.user.id, params.commentId, params.shareId, partId, partsId, appId].filter((v): v is string => !!v))];
  return {
    adminEmail: admin.email,
    adminPassword: admin.password,
    adminCookie,
    spareEmail: spare.email,
    spareCookie: await login(app, spare.email, DEFAULT_PASSWORD),
    idsByCollection,
    params,
    queryValues,
    ids,
    fieldKeys: ['title', 'notes', 'amount', 'price', 'ratio', 'due', 'at', 'done', 'status', 'labels', 'mail', 'site', 'tel', 'owner', 'part', 'parts', 'file', 'double', 'no', 'part.name'],
    cursors,
    missing,
  };
}
