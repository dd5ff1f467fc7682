/** The durable tasks: /api/v1/tasks (administrators only; contracts/tasks.ts, docs/tasks.md). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Task, TaskKindInfo, TaskLog, TaskStarted, TaskState } from '../../contracts';

export interface TaskListParams {
  current?: number;
  pageSize?: number;
  state?: TaskState;
  kind?: string;
  /** An account id, or part of the starter's label (e-mail, `system`). */
  startedBy?: string;
  /** ISO 8601: created at or after. */
  since?: string;
}

/** A page of tasks, newest first. */
export async function listTasks(params: TaskListParams): Promise<Page<Task>> {
  return request<Page<Task>>('/api/v1/tasks', { method: 'GET', params });
}

/** The registered kinds (`manual`: startable here). */
export async function listTaskKinds(): Promise<TaskKindInfo[]> {
  return (await request<Ok<TaskKindInfo[]>>('/api/v1/tasks/kinds', { method: 'GET' })).data;
}

/** One task; rejects 404 (or 400 for an id that is not a UUID). */
export async function getTask(id: string): Promise<Task> {
  return (await request<Ok<Task>>(`/api/v1/tasks/${encodeURIComponent(id)}`, { method: 'GET', skipErrorHandler: true })).data;
}

/** A page of a task's log lines, oldest first, after line `after` when given. */
export async function listTaskLogs(
  id: string,
  params: { current?: number; pageSize?: number; after?: number },
): Promise<Page<TaskLog>> {
  return request<Page<TaskLog>>(`/api/v1/tasks/${encodeURIComponent(id)}/logs`, { method: 'GET', params });
}

/** The live stream's URL (server-sent events `task`, `log`, `end`). */
export const taskStreamUrl = (id: string, after = 0) => `/api/v1/tasks/${encodeURIComponent(id)}/stream?after=${after}`;

/** Starts a task of a manual kind; `merged` when an active task of its singleton key answered. */
export async function startTask(kind: string): Promise<TaskStarted> {
  return (await request<Ok<TaskStarted>>('/api/v1/tasks', { method: 'POST', data: { kind }, skipErrorHandler: true })).data;
}

/** Cancels a queued task, or asks a running one to stop; rejects 409 for a finished one. */
export async function cancelTask(id: string): Promise<Task> {
  return (await request<Ok<Task>>(`/api/v1/tasks/${encodeURIComponent(id)}/cancel`, { method: 'POST', skipErrorHandler: true }))
    .data;
}

/** Puts a failed or cancelled task back in the queue; rejects 409 otherwise. */
export async function retryTask(id: string): Promise<Task> {
  return (await request<Ok<Task>>(`/api/v1/tasks/${encodeURIComponent(id)}/retry`, { method: 'POST', skipErrorHandler: true }))
    .data;
}
