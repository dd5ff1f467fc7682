/**
 * Access and audit specs of the connectors API (server/src/test/route-specs.ts). Every route is
 * for administrators. The audit scenarios read a CSV from a local HTTP server (127.0.0.1, put on
 * the connectors' allow-list in `prepare`); a run is queued without waiting (`wait: false`), so its
 * one entry is `connector_sync.run` (the import it runs writes its own entries, in its task).
 */
import { randomUUID } from 'node:crypto';
import { call, json } from '../../test/helpers';
import { oncePerWorld, worldRecord } from '../../test/records-support';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';
import { CONNECTOR_ROUTE_ACCESS as allow } from './connectors.routes';
import { allowConnectorHosts, localServer } from './connectors.test-support';

/** The world's CSV source: a local server answering /walk.csv, allow-listed. */
const csvSource = (w: World) =>
  oncePerWorld(w, 'connector-csv', async () => {
    const server = await localServer(() => [200, 'text/csv', 'title\nFrom the source\n']);
    await allowConnectorHosts(w.app, w.users.admin.cookie, ['127.0.0.1']);
    return server;
  });

/** Makes a file connector on the world's CSV source. @returns its id. */
async function makeConnector(w: World): Promise<string> {
  const server = await csvSource(w);
  const res = await call(w.app, 'POST', '/api/v1/connectors', {
    cookie: w.users.admin.cookie,
    body: { name: `Walk ${randomUUID().slice(0, 8)}`, kind: 'file', config: { url: server.url('/walk.csv'), format: 'csv' } },
  });
  if (res.statusCode !== 201) throw new Error(`connector: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** Makes a sync of a new connector into the world's subject. @returns its id. */
async function makeSync(w: World): Promise<string> {
  const id = await makeConnector(w);
  const { key } = await worldRecord(w);
  const res = await call(w.app, 'POST', `/api/v1/connectors/${id}/syncs`, {
    cookie: w.users.admin.cookie,
    body: { name: 'Walk sync', table: 'rows', application: w.slug, subject: key, mapping: { title: 'title' }, mode: 'insert' },
  });
  if (res.statusCode !== 201) throw new Error(`sync: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

const admin = (w: World) => w.users.admin.cookie;
const C = '/api/v1/connectors';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/connectors': { allow: allow['GET /api/v1/connectors'], call: (w, cookie) => call(w.app, 'GET', C, { cookie }) },
  'POST /api/v1/connectors': {
    allow: allow['POST /api/v1/connectors'],
    call: (w, cookie) => call(w.app, 'POST', C, { cookie, body: { name: '', kind: 'file', config: {} } }),
    audit: {
      prepare: csvSource,
      run: (w, server: Awaited<ReturnType<typeof csvSource>>) =>
        call(w.app, 'POST', C, { cookie: admin(w), body: { name: 'Walked connector', kind: 'file', config: { url: server.url('/walk.csv'), format: 'csv' } } }),
    },
  },
  'POST /api/v1/connectors/test': {
    allow: allow['POST /api/v1/connectors/test'],
    call: (w, cookie) => call(w.app, 'POST', `${C}/test`, { cookie, body: { kind: 'postgres', config: {} } }),
  },
  'GET /api/v1/connectors/:id': { allow: allow['GET /api/v1/connectors/:id'], call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}`, { cookie }) },
  'PATCH /api/v1/connectors/:id': {
    allow: allow['PATCH /api/v1/connectors/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `${C}/${MISSING_ID}`, { cookie, body: { description: 'x' } }),
    audit: { prepare: makeConnector, run: (w, id: string) => call(w.app, 'PATCH', `${C}/${id}`, { cookie: admin(w), body: { description: 'Walked' } }) },
  },
  'DELETE /api/v1/connectors/:id': {
    allow: allow['DELETE /api/v1/connectors/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `${C}/${MISSING_ID}`, { cookie }),
    audit: { prepare: makeConnector, run: (w, id: string) => call(w.app, 'DELETE', `${C}/${id}`, { cookie: admin(w) }) },
  },
  'POST /api/v1/connectors/:id/test': { allow: allow['POST /api/v1/connectors/:id/test'], call: (w, cookie) => call(w.app, 'POST', `${C}/${MISSING_ID}/test`, { cookie }) },
  'GET /api/v1/connectors/:id/schemas': { allow: allow['GET /api/v1/connectors/:id/schemas'], call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/schemas`, { cookie }) },
  'GET /api/v1/connectors/:id/tables': { allow: allow['GET /api/v1/connectors/:id/tables'], call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/tables`, { cookie }) },
  'GET /api/v1/connectors/:id/columns': {
    allow: allow['GET /api/v1/connectors/:id/columns'],
    call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/columns?table=rows`, { cookie }),
  },
  'GET /api/v1/connectors/:id/preview': {
    allow: allow['GET /api/v1/connectors/:id/preview'],
    call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/preview?table=rows`, { cookie }),
  },
  'GET /api/v1/connectors/:id/subject-plan': {
    allow: allow['GET /api/v1/connectors/:id/subject-plan'],
    call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/subject-plan?table=rows`, { cookie }),
  },
  'POST /api/v1/connectors/:id/subject': {
    allow: allow['POST /api/v1/connectors/:id/subject'],
    call: (w, cookie) => call(w.app, 'POST', `${C}/${MISSING_ID}/subject`, { cookie, body: {} }),
    audit: {
      prepare: makeConnector,
      run: (w, id: string) =>
        call(w.app, 'POST', `${C}/${id}/subject`, {
          cookie: admin(w),
          body: { application: w.slug, table: 'rows', key: 'walk_source', name: 'Walk source', columns: [{ column: 'title', key: 'title', name: 'Title', type: 'text' }] },
        }),
    },
  },
  'GET /api/v1/connectors/:id/mapping-plan': {
    allow: allow['GET /api/v1/connectors/:id/mapping-plan'],
    call: (w, cookie) => call(w.app, 'GET', `${C}/${MISSING_ID}/mapping-plan?table=rows&application=${w.slug}&subject=none`, { cookie }),
  },
  'GET /api/v1/connectors/syncs': { allow: allow['GET /api/v1/connectors/syncs'], call: (w, cookie) => call(w.app, 'GET', `${C}/syncs`, { cookie }) },
  'POST /api/v1/connectors/:id/syncs': {
    allow: allow['POST /api/v1/connectors/:id/syncs'],
    call: (w, cookie) => call(w.app, 'POST', `${C}/${MISSING_ID}/syncs`, { cookie, body: {} }),
    audit: {
      prepare: async (w) => ({ id: await makeConnector(w), subject: (await worldRecord(w)).key }),
      run: (w, p: { id: string; subject: string }) =>
        call(w.app, 'POST', `${C}/${p.id}/syncs`, {
          cookie: admin(w),
          body: { name: 'Walked sync', table: 'rows', application: w.slug, subject: p.subject, mapping: { title: 'title' }, mode: 'insert' },
        }),
    },
  },
  'GET /api/v1/connectors/syncs/:syncId': { allow: allow['GET /api/v1/connectors/syncs/:syncId'], call: (w, cookie) => call(w.app, 'GET', `${C}/syncs/${MISSING_ID}`, { cookie }) },
  'PATCH /api/v1/connectors/syncs/:syncId': {
    allow: allow['PATCH /api/v1/connectors/syncs/:syncId'],
    call: (w, cookie) => call(w.app, 'PATCH', `${C}/syncs/${MISSING_ID}`, { cookie, body: { name: 'x' } }),
    audit: { prepare: makeSync, run: (w, id: string) => call(w.app, 'PATCH', `${C}/syncs/${id}`, { cookie: admin(w), body: { name: 'Walked sync' } }) },
  },
  'DELETE /api/v1/connectors/syncs/:syncId': {
    allow: allow['DELETE /api/v1/connectors/syncs/:syncId'],
    call: (w, cookie) => call(w.app, 'DELETE', `${C}/syncs/${MISSING_ID}`, { cookie }),
    audit: { prepare: makeSync, run: (w, id: string) => call(w.app, 'DELETE', `${C}/syncs/${id}`, { cookie: admin(w) }) },
  },
  'POST /api/v1/connectors/syncs/:syncId/run': {
    allow: allow['POST /api/v1/connectors/syncs/:syncId/run'],
    call: (w, cookie) => call(w.app, 'POST', `${C}/syncs/${MISSING_ID}/run`, { cookie, body: { wait: false } }),
    audit: { prepare: makeSync, run: (w, id: string) => call(w.app, 'POST', `${C}/syncs/${id}/run`, { cookie: admin(w), body: { wait: false } }) },
  },
  'GET /api/v1/connectors/syncs/:syncId/runs': {
    allow: allow['GET /api/v1/connectors/syncs/:syncId/runs'],
    call: (w, cookie) => call(w.app, 'GET', `${C}/syncs/${MISSING_ID}/runs`, { cookie }),
  },
  'GET /api/v1/connectors/runs/:runId': { allow: allow['GET /api/v1/connectors/runs/:runId'], call: (w, cookie) => call(w.app, 'GET', `${C}/runs/${MISSING_ID}`, { cookie }) },
};
