/**
 * Connectors: /api/v1/connectors (administrators; contracts/connectors.ts, the route list in
 * server/src/modules/connectors/README.md). A connector's config holds the names of secret
 * variables, never their values. Every call passes `skipErrorHandler` and rejects with the
 * server's envelope (ApiError via toApiError) so the page shows field errors under their fields,
 * 422 CONNECTOR_HOST_NOT_ALLOWED (the allow-list) and 502 CONNECTOR_SOURCE_FAILED where they arise.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  Connector,
  ConnectorCreate,
  ConnectorKind,
  ConnectorRun,
  ConnectorRunDetail,
  ConnectorSync,
  ConnectorSyncCreate,
  ConnectorSyncUpdate,
  ConnectorTestInput,
  ConnectorTestResult,
  ConnectorUpdate,
  MappingPlan,
  SourceColumn,
  SourcePreview,
  SourceTable,
  SubjectFromTable,
  SubjectFromTableResult,
  SubjectPlan,
} from '../../contracts';

const enc = encodeURIComponent;
const BASE = '/api/v1/connectors';
const quiet = { skipErrorHandler: true } as const;

/** A page of connectors (name order), searched by `q` (name), filtered by `kind`. */
export async function listConnectors(params: { current?: number; pageSize?: number; q?: string; kind?: ConnectorKind }): Promise<Page<Connector>> {
  return request<Page<Connector>>(BASE, { method: 'GET', params, ...quiet });
}

/** One connector; rejects 404. */
export async function getConnector(id: string): Promise<Connector> {
  return (await request<Ok<Connector>>(`${BASE}/${enc(id)}`, { method: 'GET', ...quiet })).data;
}

/** Creates a connector; rejects 400 naming the field (`config.host`…), 409 name taken. */
export async function createConnector(input: ConnectorCreate): Promise<Connector> {
  return (await request<Ok<Connector>>(BASE, { method: 'POST', data: input, ...quiet })).data;
}

/** Changes a connector's name, description or whole config (its kind is fixed). */
export async function updateConnector(id: string, input: ConnectorUpdate): Promise<Connector> {
  return (await request<Ok<Connector>>(`${BASE}/${enc(id)}`, { method: 'PATCH', data: input, ...quiet })).data;
}

/** Moves a connector to the recycle bin. */
export async function removeConnector(id: string): Promise<void> {
  await request<Ok<{ id: string }>>(`${BASE}/${enc(id)}`, { method: 'DELETE', ...quiet });
}

/** Tests an unsaved connector (kind + config): `ok` or why not; rejects 422 for a host off the allow-list, 400 for a bad config. */
export async function testConnectorConfig(input: ConnectorTestInput): Promise<ConnectorTestResult> {
  return (await request<Ok<ConnectorTestResult>>(`${BASE}/test`, { method: 'POST', data: input, ...quiet })).data;
}

/** Tests a saved connector. */
export async function testConnector(id: string): Promise<ConnectorTestResult> {
  return (await request<Ok<ConnectorTestResult>>(`${BASE}/${enc(id)}/test`, { method: 'POST', ...quiet })).data;
}

/** The source's schemas (PostgreSQL; MySQL and REST/file answer one, ''). Rejects 502 when the source fails. */
export async function listSourceSchemas(id: string): Promise<string[]> {
  return (await request<Ok<string[]>>(`${BASE}/${enc(id)}/schemas`, { method: 'GET', ...quiet })).data;
}

/** The tables and views of `schema`. */
export async function listSourceTables(id: string, schema: string): Promise<SourceTable[]> {
  return (await request<Ok<SourceTable[]>>(`${BASE}/${enc(id)}/tables`, { method: 'GET', params: { schema }, ...quiet })).data;
}

/** The columns of one table. */
export async function listSourceColumns(id: string, schema: string, table: string): Promise<SourceColumn[]> {
  return (await request<Ok<SourceColumn[]>>(`${BASE}/${enc(id)}/columns`, { method: 'GET', params: { schema, table }, ...quiet })).data;
}

/** The first `limit` (≤ 50) rows of one table, as text. */
export async function previewSource(id: string, schema: string, table: string, limit = 20): Promise<SourcePreview> {
  return (await request<Ok<SourcePreview>>(`${BASE}/${enc(id)}/preview`, { method: 'GET', params: { schema, table, limit }, ...quiet })).data;
}

/** The subject the server proposes for a table: key, name, one field per column with its type, the primary key. */
export async function getSubjectPlan(id: string, schema: string, table: string): Promise<SubjectPlan> {
  return (await request<Ok<SubjectPlan>>(`${BASE}/${enc(id)}/subject-plan`, { method: 'GET', params: { schema, table }, ...quiet })).data;
}

/** Makes the subject from the (edited) plan; answers it and the column → field mapping for a sync. */
export async function createSubjectFromTable(id: string, input: SubjectFromTable): Promise<SubjectFromTableResult> {
  return (await request<Ok<SubjectFromTableResult>>(`${BASE}/${enc(id)}/subject`, { method: 'POST', data: input, ...quiet })).data;
}

/** The table's columns matched to an existing subject's writable fields. */
export async function getMappingPlan(id: string, q: { schema: string; table: string; application: string; subject: string }): Promise<MappingPlan> {
  return (await request<Ok<MappingPlan>>(`${BASE}/${enc(id)}/mapping-plan`, { method: 'GET', params: q, ...quiet })).data;
}

/** A page of syncs, of one connector when `connector` is given (each with its latest run and next fire times). */
export async function listSyncs(params: { current?: number; pageSize?: number; connector?: string }): Promise<Page<ConnectorSync>> {
  return request<Page<ConnectorSync>>(`${BASE}/syncs`, { method: 'GET', params, ...quiet });
}

/** Creates a sync of connector `id`; rejects 400 naming the field (keyFields, cursorColumn, cron…). */
export async function createSync(id: string, input: ConnectorSyncCreate): Promise<ConnectorSync> {
  return (await request<Ok<ConnectorSync>>(`${BASE}/${enc(id)}/syncs`, { method: 'POST', data: input, ...quiet })).data;
}

/** Changes a sync (what is sent). */
export async function updateSync(syncId: string, input: ConnectorSyncUpdate): Promise<ConnectorSync> {
  return (await request<Ok<ConnectorSync>>(`${BASE}/syncs/${enc(syncId)}`, { method: 'PATCH', data: input, ...quiet })).data;
}

/** Deletes a sync and its runs (the import batches stay). */
export async function removeSync(syncId: string): Promise<void> {
  await request<Ok<{ id: string }>>(`${BASE}/syncs/${enc(syncId)}`, { method: 'DELETE', ...quiet });
}

/** Starts a run now as a task, answered at once (queued; follow it with getRun); rejects 409 when one runs. */
export async function startRun(syncId: string): Promise<ConnectorRun> {
  return (await request<Ok<ConnectorRun>>(`${BASE}/syncs/${enc(syncId)}/run`, { method: 'POST', data: { wait: false }, ...quiet })).data;
}

/** A page of a sync's runs, newest first. */
export async function listRuns(syncId: string, params: { current?: number; pageSize?: number }): Promise<Page<ConnectorRun>> {
  return request<Page<ConnectorRun>>(`${BASE}/syncs/${enc(syncId)}/runs`, { method: 'GET', params, ...quiet });
}

/** One run with its first row errors. */
export async function getRun(runId: string): Promise<ConnectorRunDetail> {
  return (await request<Ok<ConnectorRunDetail>>(`${BASE}/runs/${enc(runId)}`, { method: 'GET', ...quiet })).data;
}
