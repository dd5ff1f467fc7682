/**
 * /api/v1/tasks: the durable background tasks (contracts/tasks.ts, docs/tasks.md), administrators
 * only (TASK_ROUTE_ACCESS, the access matrix reads the same list). Start, cancel and retry are
 * audited (`task.start`, `task.cancel`, `task.retry`); the rest are reads. The live log is a
 * server-sent event stream read from the database, so it follows a task run by any process.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  pageSchema,
  taskIdParamsSchema,
  taskKindInfoSchema,
  taskListQuerySchema,
  taskLogQuerySchema,
  taskLogSchema,
  taskSchema,
  taskStartedSchema,
  taskStartSchema,
  TASK_FINISHED_STATES,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin } from '../../core/auth.plugin';
import './tasks.builtin';
import { listTaskKinds } from './tasks.registry';
import { cancelTask, getTask, listTaskLogs, listTasks, loadTask, retryTask, startTask } from './tasks.service';

/** Who may call each route (all: administrators); tasks.route-specs.ts takes its allow lists from here. */
export const TASK_ROUTE_ACCESS = {
  'GET /api/v1/tasks': ['admin'],
  'GET /api/v1/tasks/kinds': ['admin'],
  'POST /api/v1/tasks': ['admin'],
  'GET /api/v1/tasks/:id': ['admin'],
  'GET /api/v1/tasks/:id/logs': ['admin'],
  'GET /api/v1/tasks/:id/stream': ['admin'],
  'POST /api/v1/tasks/:id/cancel': ['admin'],
  'POST /api/v1/tasks/:id/retry': ['admin'],
} as const;

/** Milliseconds between two reads of the live stream. */
export const TASK_STREAM_POLL_MS = 1000;
/** Log lines sent per read of the live stream. */
const STREAM_BATCH = 200;

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /tasks?current&pageSize&state&kind&startedBy&since — newest first. 400/401/403. */
  app.get(
    '/tasks',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: 'List tasks',
        querystring: taskListQuerySchema,
        response: { 200: pageSchema(taskSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTasks(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /tasks/kinds — the registered kinds, `manual` when POST /tasks may start them. 401/403. */
  app.get(
    '/tasks/kinds',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: 'List task kinds',
        response: { 200: okSchema(z.array(taskKindInfoSchema)), ...errorResponses },
      },
    },
    async () => ok(listTaskKinds().map((k) => ({ kind: k.kind, manual: k.manual }))),
  );

  /**
   * POST /tasks — body `{ kind, input?, priority?, singletonKey? }` → `{ task, merged }` (201; 200
   * and `merged: true` when an active task of the same singleton key answers instead). 400 names
   * `kind` (unknown or not startable by hand); 401/403.
   */
  app.post(
    '/tasks',
    {
      preValidation: requireAdmin,
      config: { audit: ['task.start'] },
      schema: {
        tags: ['tasks'],
        summary: 'Start a task',
        body: taskStartSchema,
        response: { 200: okSchema(taskStartedSchema), 201: okSchema(taskStartedSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const started = await startTask(app.db, request.body, auditOf(request));
      return reply.code(started.merged ? 200 : 201).send(ok(started));
    },
  );

  /** GET /tasks/:id — one task. 404/401/403. */
  app.get(
    '/tasks/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: 'Read a task',
        params: taskIdParamsSchema,
        response: { 200: okSchema(taskSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getTask(app.db, request.params.id)),
  );

  /** GET /tasks/:id/logs?current&pageSize&after — oldest first. 404/401/403. */
  app.get(
    '/tasks/:id/logs',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: "List a task's logs",
        params: taskIdParamsSchema,
        querystring: taskLogQuerySchema,
        response: { 200: pageSchema(taskLogSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTaskLogs(app.db, request.params.id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * GET /tasks/:id/stream?after — server-sent events: `task` (the task, when it changed) and `log`
   * (each new line), read every TASK_STREAM_POLL_MS; `end` then the stream closes once the task
   * has finished and every line was sent. `after` = the last line id already shown. 404/401/403.
   */
  app.get(
    '/tasks/:id/stream',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: "Follow a task's progress and logs (text/event-stream)",
        params: taskIdParamsSchema,
        querystring: z.object({ after: z.coerce.number().int().min(0).optional() }),
        response: { 200: z.unknown().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      await loadTask(app.db, id);
      const stream = new PassThrough();
      let after = request.query.after ?? 0;
      let lastUpdate = '';
      let closed = false;
      const send = (event: string, data: unknown) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const stop = () => {
        if (closed) return;
        closed = true;
        stream.end();
      };
      request.raw.on('close', stop);
      const tick = async () => {
        while (!closed) {
          const task = await getTask(app.db, id).catch(() => null);
          if (!task) return stop();
          if (task.updatedAt !== lastUpdate) {
            lastUpdate = task.updatedAt;
            send('task', task);
          }
          const { items } = await listTaskLogs(app.db, id, { after, current: 1, pageSize: STREAM_BATCH });
          for (const line of items) send('log', line);
          if (items.length) after = items[items.length - 1].id;
          if (items.length < STREAM_BATCH && TASK_FINISHED_STATES.includes(task.state)) {
            send('end', { state: task.state });
            return stop();
          }
          if (items.length < STREAM_BATCH) await new Promise((r) => setTimeout(r, TASK_STREAM_POLL_MS));
        }
      };
      tick().catch((err: unknown) => {
        request.log.error({ err }, 'tasks: stream failed');
        stop();
      });
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );

  /** POST /tasks/:id/cancel — a queued task is cancelled, a running one asked to stop (→ the task). 404, 409 finished; 401/403. */
  app.post(
    '/tasks/:id/cancel',
    {
      preValidation: requireAdmin,
      config: { audit: ['task.cancel'] },
      schema: {
        tags: ['tasks'],
        summary: 'Cancel a task',
        params: taskIdParamsSchema,
        response: { 200: okSchema(taskSchema), ...errorResponses },
      },
    },
    async (request) => ok(await cancelTask(app.db, request.params.id, auditOf(request))),
  );

  /** POST /tasks/:id/retry — a failed or cancelled task back to the queue (→ the task). 404, 409 otherwise; 401/403. */
  app.post(
    '/tasks/:id/retry',
    {
      preValidation: requireAdmin,
      config: { audit: ['task.retry'] },
      schema: {
        tags: ['tasks'],
        summary: 'Retry a task',
        params: taskIdParamsSchema,
        response: { 200: okSchema(taskSchema), ...errorResponses },
      },
    },
    async (request) => ok(await retryTask(app.db, request.params.id, auditOf(request))),
  );
};
