/** Triggers, their runs and the action library: /api/v1/triggers, /trigger-runs, /actions (administrators; contracts/triggers.ts, docs/triggers.md). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  Action,
  ActionInput,
  ActionPatch,
  ActionTypeInfo,
  Trigger,
  TriggerInput,
  TriggerPatch,
  TriggerRun,
  TriggerRunState,
} from '../../contracts';

export interface TriggerListParams {
  current?: number;
  pageSize?: number;
  application?: string;
  event?: string;
  enabled?: 'true' | 'false';
  q?: string;
}

/** A page of triggers, newest first. */
export const listTriggers = (params: TriggerListParams) => request<Page<Trigger>>('/api/v1/triggers', { method: 'GET', params });

/** One trigger; rejects 404. */
export async function getTrigger(id: string): Promise<Trigger> {
  return (await request<Ok<Trigger>>(`/api/v1/triggers/${encodeURIComponent(id)}`, { method: 'GET', skipErrorHandler: true }))
    .data;
}

/** Creates a trigger; rejects 400 naming the field. */
export async function createTrigger(input: TriggerInput): Promise<Trigger> {
  return (await request<Ok<Trigger>>('/api/v1/triggers', { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a trigger; rejects 400 naming the field. */
export async function updateTrigger(id: string, patch: TriggerPatch): Promise<Trigger> {
  return (
    await request<Ok<Trigger>>(`/api/v1/triggers/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      data: patch,
      skipErrorHandler: true,
    })
  ).data;
}

/** Deletes a trigger and its runs. */
export async function deleteTrigger(id: string): Promise<void> {
  await request(`/api/v1/triggers/${encodeURIComponent(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Enables or disables a trigger. */
export async function setTriggerEnabled(id: string, enabled: boolean): Promise<Trigger> {
  return (
    await request<Ok<Trigger>>(`/api/v1/triggers/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`, {
      method: 'POST',
      skipErrorHandler: true,
    })
  ).data;
}

/** Test: the run as it would go against a record, its writes rolled back. */
export async function testTrigger(id: string, recordId?: string): Promise<TriggerRun> {
  return (
    await request<Ok<TriggerRun>>(`/api/v1/triggers/${encodeURIComponent(id)}/test`, {
      method: 'POST',
      data: { recordId: recordId || null },
      skipErrorHandler: true,
    })
  ).data;
}

/** A manual run per record. @returns the run ids. */
export async function runTrigger(id: string, recordIds: string[]): Promise<string[]> {
  return (
    await request<Ok<{ runs: string[] }>>(`/api/v1/triggers/${encodeURIComponent(id)}/run`, {
      method: 'POST',
      data: { recordIds },
      skipErrorHandler: true,
    })
  ).data.runs;
}

/** The next fire times of a cron in a time zone; rejects 400 naming `cron` or `timezone`. */
export async function nextFires(cron: string, timezone: string): Promise<string[]> {
  return (
    await request<Ok<{ nextFires: string[] }>>('/api/v1/triggers/next-fires', {
      method: 'POST',
      data: { cron, timezone },
      skipErrorHandler: true,
    })
  ).data.nextFires;
}

/** A page of a trigger's runs (or of every trigger's: `triggerId` undefined), newest first. */
export function listRuns(
  triggerId: string | undefined,
  params: { current?: number; pageSize?: number; state?: TriggerRunState },
): Promise<Page<TriggerRun>> {
  return triggerId
    ? request<Page<TriggerRun>>(`/api/v1/triggers/${encodeURIComponent(triggerId)}/runs`, { method: 'GET', params })
    : request<Page<TriggerRun>>('/api/v1/trigger-runs', { method: 'GET', params });
}

/** Puts a dead run back in the queue. */
export async function replayRun(id: string): Promise<TriggerRun> {
  return (
    await request<Ok<TriggerRun>>(`/api/v1/trigger-runs/${encodeURIComponent(id)}/replay`, {
      method: 'POST',
      skipErrorHandler: true,
    })
  ).data;
}

/** A page of the action library. */
export const listActions = (params: { current?: number; pageSize?: number; type?: string; application?: string; q?: string }) =>
  request<Page<Action>>('/api/v1/actions', { method: 'GET', params });

/** The registered action types with their configuration's JSON schema. */
export async function listActionTypes(): Promise<ActionTypeInfo[]> {
  return (await request<Ok<ActionTypeInfo[]>>('/api/v1/actions/types', { method: 'GET' })).data;
}

/** One action; rejects 404. */
export async function getAction(id: string): Promise<Action> {
  return (await request<Ok<Action>>(`/api/v1/actions/${encodeURIComponent(id)}`, { method: 'GET', skipErrorHandler: true })).data;
}

/** Creates an action; rejects 400 naming `type` or `config.<path>`. */
export async function createAction(input: ActionInput): Promise<Action> {
  return (await request<Ok<Action>>('/api/v1/actions', { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes an action's name or configuration. */
export async function updateAction(id: string, patch: ActionPatch): Promise<Action> {
  return (
    await request<Ok<Action>>(`/api/v1/actions/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      data: patch,
      skipErrorHandler: true,
    })
  ).data;
}

/** Deletes an action; rejects 409 while a trigger uses it. */
export async function deleteAction(id: string): Promise<void> {
  await request(`/api/v1/actions/${encodeURIComponent(id)}`, { method: 'DELETE', skipErrorHandler: true });
}
