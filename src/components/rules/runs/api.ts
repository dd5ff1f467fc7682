/**
 * Validation runs, incidents and data-quality scores (contracts/rule-runs.ts, docs/rule-runs.md):
 * /api/v1/rule-runs, /api/v1/incidents, /api/v1/applications/:slug/data-quality.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../../../contracts/envelope';
import type { DataQuality, Incident, IncidentState, RuleRun, RuleRunFailure, RuleRunStarted, RuleRunTrendPoint } from '../../../../contracts';

/** Per subject of `app`: its last run's score and its active incidents. */
export async function getDataQuality(app: string): Promise<DataQuality> {
  return (await request<Ok<DataQuality>>(`/api/v1/applications/${encodeURIComponent(app)}/data-quality`, { method: 'GET' })).data;
}

/** Starts a run (202); `merged` when the subject's run was already active. Rejects 403/404/409 (skipErrorHandler). */
export async function startRun(body: { application: string; subject: string; ruleSet?: string }): Promise<RuleRunStarted> {
  return (await request<Ok<RuleRunStarted>>('/api/v1/rule-runs', { method: 'POST', data: body, skipErrorHandler: true })).data;
}

/** A page of runs, newest first. */
export async function listRuns(params: { application: string; subject?: string; current?: number; pageSize?: number; state?: string }): Promise<Page<RuleRun>> {
  return request<Page<RuleRun>>('/api/v1/rule-runs', { method: 'GET', params });
}

/** One run. */
export async function getRun(id: string): Promise<RuleRun> {
  return (await request<Ok<RuleRun>>(`/api/v1/rule-runs/${encodeURIComponent(id)}`, { method: 'GET' })).data;
}

/** Cancels a run (stops at its next chunk); rejects 409 once finished. */
export async function cancelRun(id: string): Promise<RuleRun> {
  return (await request<Ok<RuleRun>>(`/api/v1/rule-runs/${encodeURIComponent(id)}/cancel`, { method: 'POST', skipErrorHandler: true })).data;
}

/** A page of a run's failures, messages in the interface language. */
export async function listFailures(id: string, params: { current?: number; pageSize?: number; rule?: string }): Promise<Page<RuleRunFailure>> {
  return request<Page<RuleRunFailure>>(`/api/v1/rule-runs/${encodeURIComponent(id)}/failures`, { method: 'GET', params });
}

/** The URL of a run's failures as a CSV or XLSX download. */
export const failuresExportUrl = (id: string, format: 'csv' | 'xlsx') => `/api/v1/rule-runs/${encodeURIComponent(id)}/export?format=${format}`;

/** The last finished runs of a subject, oldest first. */
export async function getTrend(application: string, subject: string, limit = 20): Promise<RuleRunTrendPoint[]> {
  return (await request<Ok<RuleRunTrendPoint[]>>('/api/v1/rule-runs/trend', { method: 'GET', params: { application, subject, limit } })).data;
}

/** A page of incidents, last seen first. */
export async function listIncidents(params: { application: string; subject?: string; state?: IncidentState; current?: number; pageSize?: number }): Promise<Page<Incident>> {
  return request<Page<Incident>>('/api/v1/incidents', { method: 'GET', params });
}

/** Moves an incident (acknowledge, waive with reason and expiry, reopen); rejects 400/403/409 (skipErrorHandler). */
export async function moveIncident(id: string, move: 'acknowledge' | 'waive' | 'reopen', body?: { reason: string; expiresAt: string }): Promise<Incident> {
  return (
    await request<Ok<Incident>>(`/api/v1/incidents/${encodeURIComponent(id)}/${move}`, { method: 'POST', ...(body ? { data: body } : {}), skipErrorHandler: true })
  ).data;
}

/** A rule set as the picker needs it. */
export interface RuleSetOption {
  id: string;
  name: string;
  publishedVersion: number;
}

/**
 * The application's rule sets with a published version, from the rule sets API when the server has
 * it (another part of the rules module); an empty list otherwise.
 */
export async function listPublishedRuleSets(app: string): Promise<RuleSetOption[]> {
  try {
    const page = await request<Page<RuleSetOption>>('/api/v1/rule-sets', { method: 'GET', params: { application: app, pageSize: 100 }, skipErrorHandler: true });
    return (page.data ?? []).filter((s) => s.publishedVersion > 0);
  } catch {
    return [];
  }
}
