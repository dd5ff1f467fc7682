/**
 * "Every mutating route writes exactly one audit entry" (PRODUCT.md "Conventions of the API"):
 * walks `app.mutatingRoutes` (every POST/PUT/PATCH/DELETE under /api, registered with its declared
 * `config.audit`), runs each route's scenario below once successfully, and checks that exactly one
 * entry was appended, with one of the declared actions. A new mutating route without a scenario
 * here fails the test: add one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, gt } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUDIT_ACTIONS } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { call, createTestApp, createUser, DEFAULT_PASSWORD, json, login } from '../../test/helpers';
import { verifyChain } from './audit.service';

interface World {
  app: FastifyInstance;
  admin: string;
  member: { cookie: string; id: string; email: string };
  /** A spare session of the member, opened before the logout scenario. */
  spare?: string;
}

/** One successful call per route, keyed `METHOD url` (Fastify's url pattern). */
const SCENARIOS: Record<string, (w: World) => Promise<LightMyRequestResponse>> = {
  'POST /api/v1/setup/init': async () => {
    throw new Error('run first, on an empty database (below)');
  },
  'POST /api/v1/auth/login': (w) => call(w.app, 'POST', '/api/v1/auth/login', { body: { email: w.member.email, password: DEFAULT_PASSWORD } }),
  'POST /api/v1/auth/logout': (w) => call(w.app, 'POST', '/api/v1/auth/logout', { cookie: w.spare }),
  'POST /api/v1/auth/me/password': (w) =>
    call(w.app, 'POST', '/api/v1/auth/me/password', {
      cookie: w.member.cookie,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD.toUpperCase() },
    }),
  'PATCH /api/v1/auth/me/preferences': (w) => call(w.app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: w.admin, body: { locale: 'en-US' } }),
  'POST /api/v1/applications': (w) => call(w.app, 'POST', '/api/v1/applications', { cookie: w.admin, body: { slug: 'walk', name: 'Walk' } }),
  'POST /api/v1/applications/:slug/members': (w) =>
    call(w.app, 'POST', '/api/v1/applications/walk/members', { cookie: w.admin, body: { email: w.member.email, role: 'viewer' } }),
  'DELETE /api/v1/applications/:slug/members/:userId': (w) =>
    call(w.app, 'DELETE', `/api/v1/applications/walk/members/${w.member.id}`, { cookie: w.admin }),
  'POST /api/v1/users': (w) => call(w.app, 'POST', '/api/v1/users', { cookie: w.admin, body: { name: 'Walker', email: 'walker@example.com', password: DEFAULT_PASSWORD } }),
  'PATCH /api/v1/users/:id': (w) => call(w.app, 'PATCH', `/api/v1/users/${w.member.id}`, { cookie: w.admin, body: { name: 'Walked' } }),
  // changes no data (a browser's CSP report): declared audit: false, must write nothing
  'POST /api/v1/csp-report': (w) =>
    w.app.inject({ method: 'POST', url: '/api/v1/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report":{}}' }),
};

test('audit: every mutating route declares its actions and a successful call writes exactly one entry', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const routes = app.mutatingRoutes.map((r) => `${r.method} ${r.url}`);
  assert.deepEqual([...routes].sort(), Object.keys(SCENARIOS).sort(), 'every mutating route has a scenario here, and no scenario is stale');
  for (const route of app.mutatingRoutes) {
    if (route.audit === false) continue;
    for (const action of route.audit) assert.ok((AUDIT_ACTIONS as readonly string[]).includes(action), `${action} is listed in AUDIT_ACTIONS`);
  }

  let lastSeq = 0;
  /** The entries appended since the previous check. */
  const newEntries = async () => {
    const rows = await handle.db.select().from(auditLog).where(gt(auditLog.seq, lastSeq)).orderBy(asc(auditLog.seq));
    if (rows.length) lastSeq = rows[rows.length - 1].seq;
    return rows;
  };

  // setup first (empty database), then the world the other scenarios need
  const init = await call(app, 'POST', '/api/v1/setup/init', { body: { name: 'Admin', email: 'admin@example.com', password: DEFAULT_PASSWORD } });
  assert.equal(init.statusCode, 201);
  assert.deepEqual((await newEntries()).map((e) => e.action), ['setup.init']);
  const admin = await login(app, 'admin@example.com');
  const created = await createUser(app, admin);
  const world: World = {
    app,
    admin,
    member: { cookie: await login(app, created.email), id: created.user.id, email: created.email },
    spare: await login(app, created.email),
  };
  await newEntries();

  for (const route of app.mutatingRoutes) {
    const key = `${route.method} ${route.url}`;
    if (key === 'POST /api/v1/setup/init') continue;
    const res = await SCENARIOS[key](world);
    assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${key}: ${res.statusCode} ${res.body}`);
    const entries = await newEntries();
    if (route.audit === false) {
      assert.equal(entries.length, 0, `${key} writes no entry`);
      continue;
    }
    assert.equal(entries.length, 1, `${key} wrote ${entries.map((e) => e.action).join(', ') || 'nothing'}`);
    assert.ok(route.audit.includes(entries[0].action), `${key} wrote ${entries[0].action}, declared ${route.audit.join(', ')}`);
    if (key === 'POST /api/v1/auth/me/password') {
      world.member.cookie = `assay_session=${res.cookies.find((c) => c.name === 'assay_session')?.value}`;
    }
  }
  assert.equal((await verifyChain(handle.db)).intact, true);
  assert.equal(json<{ success: boolean }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie: admin })).success, true);
});

test('audit: a mutating route without config.audit stops the app from building', async () => {
  await assert.rejects(
    createTestApp({
      beforeReady: (a) => {
        a.post('/api/v1/test-undeclared', async () => ({ ok: true }));
      },
    }),
    /POST \/api\/v1\/test-undeclared must declare config\.audit/,
  );
});
