import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { ApplicationDetail, CurrentUser } from '../../contracts';
import { DEMO_PASSWORD } from './db/seed';
import { closeDevApp, getDevApp } from './dev';
import { call, json, login } from './test/helpers';
import { runsOnOneEngine } from './test/engines';

runsOnOneEngine('pglite', 'the development app always runs on in-memory PGlite');

after(closeDevApp);

test('dev: getDevApp is memoised and serves the seeded demo data without listening', async () => {
  const [a, b] = await Promise.all([getDevApp(), getDevApp()]);
  assert.equal(a, b);
  assert.equal(a.server.listening, false);

  const status = await call(a, 'GET', '/api/v1/setup/status');
  assert.deepEqual(json(status), { success: true, data: { initialized: true } });

  const auditor = await login(a, 'auditor@assay.local', DEMO_PASSWORD);
  const me = json<{ data: CurrentUser }>(await call(a, 'GET', '/api/v1/auth/me', { cookie: auditor })).data;
  assert.equal(me.isAdmin, false);
  assert.equal(me.lastApp, 'demo');
  const demo = json<{ data: ApplicationDetail }>(await call(a, 'GET', '/api/v1/applications/demo', { cookie: auditor })).data;
  assert.equal(demo.name, '示例审计工作区');
  assert.equal(demo.myRole, 'editor');
  assert.deepEqual(demo.members.map((m) => [m.email, m.role]), [
    ['admin@assay.local', 'owner'],
    ['auditor@assay.local', 'editor'],
    ['viewer@assay.local', 'viewer'],
  ]);

  const admin = await login(a, 'admin@assay.local', DEMO_PASSWORD);
  assert.equal(json<{ data: CurrentUser }>(await call(a, 'GET', '/api/v1/auth/me', { cookie: admin })).data.isAdmin, true);
  const viewer = await login(a, 'viewer@assay.local', DEMO_PASSWORD);
  const forViewer = json<{ data: ApplicationDetail }>(await call(a, 'GET', '/api/v1/applications/demo', { cookie: viewer })).data;
  assert.equal(forViewer.myRole, 'viewer');
});
