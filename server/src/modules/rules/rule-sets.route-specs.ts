/** Access and audit specs of the rule sets API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { call, json } from '../../test/helpers';
import type { RouteSpecs, World } from '../../test/route-specs';
import { RULE_SET_ROUTE_ACCESS as allow } from './rule-sets.routes';
import { makeRule } from './rules.route-specs';

const nobody = () => randomUUID();
let made = 0;

/** A rule set of the world's application holding one fresh rule; its id and version. */
async function makeSet(w: World): Promise<{ id: string; version: number }> {
  const rule = await makeRule(w);
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/rule-sets', {
    cookie: w.users.admin.cookie,
    body: { application: w.slug, name: `walk set ${made}`, ruleIds: [rule.id], wholeApplication: true },
  });
  if (res.statusCode !== 201) throw new Error(`rule set: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string; version: number } }>(res).data;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/rule-sets': {
    allow: allow['GET /api/v1/rule-sets'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rule-sets?application=${w.slug}`, { cookie }),
  },
  'POST /api/v1/rule-sets': {
    allow: allow['POST /api/v1/rule-sets'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/rule-sets', { cookie, body: { name: '' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/rule-sets', {
          cookie: w.users.admin.cookie,
          body: { application: w.slug, name: 'walk create' },
        }),
    },
  },
  'GET /api/v1/rule-sets/:id': {
    allow: allow['GET /api/v1/rule-sets/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rule-sets/${nobody()}`, { cookie }),
  },
  'PATCH /api/v1/rule-sets/:id': {
    allow: allow['PATCH /api/v1/rule-sets/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/rule-sets/${nobody()}`, { cookie, body: { version: 1, name: 'x' } }),
    audit: {
      prepare: makeSet,
      run: (w, s: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/rule-sets/${s.id}`, {
          cookie: w.users.admin.cookie,
          body: { version: s.version, name: `${s.id} renamed` },
        }),
      noop: (w, s: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/rule-sets/${s.id}`, {
          cookie: w.users.admin.cookie,
          body: { version: s.version + 1, name: `${s.id} renamed` },
        }),
    },
  },
  'DELETE /api/v1/rule-sets/:id': {
    allow: allow['DELETE /api/v1/rule-sets/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/rule-sets/${nobody()}`, { cookie }),
    audit: {
      prepare: makeSet,
      run: (w, s: { id: string }) => call(w.app, 'DELETE', `/api/v1/rule-sets/${s.id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/rule-sets/:id/publish': {
    allow: allow['POST /api/v1/rule-sets/:id/publish'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/rule-sets/${nobody()}/publish`, { cookie, body: {} }),
    audit: {
      prepare: makeSet,
      run: (w, s: { id: string }) =>
        call(w.app, 'POST', `/api/v1/rule-sets/${s.id}/publish`, { cookie: w.users.admin.cookie, body: { note: 'walk' } }),
    },
  },
  'GET /api/v1/rule-sets/:id/versions': {
    allow: allow['GET /api/v1/rule-sets/:id/versions'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rule-sets/${nobody()}/versions`, { cookie }),
  },
  'GET /api/v1/rule-sets/:id/versions/:version': {
    allow: allow['GET /api/v1/rule-sets/:id/versions/:version'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rule-sets/${nobody()}/versions/1`, { cookie }),
  },
};
