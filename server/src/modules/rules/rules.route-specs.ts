/** Access and audit specs of the rules API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { call, json } from '../../test/helpers';
import type { RouteSpecs, World } from '../../test/route-specs';
import { createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { RULE_ROUTE_ACCESS as allow } from './rules.routes';

const nobody = () => randomUUID();
let made = 0;

const subjects = new WeakMap<World, Promise<void>>();
/** The subject `walkr` (title text, amount number) of the world's application, made once per world. */
export async function rulesSubject(w: World): Promise<void> {
  if (!subjects.has(w))
    subjects.set(
      w,
      createTestSubjectIn(w.app, {
        applicationId: w.appId,
        key: 'walkr',
        fields: [fieldOf('title', 'text'), fieldOf('amount', 'number')],
      }).then(() => undefined),
    );
  await subjects.get(w);
}

/** A range rule on `walkr.amount`; its id and version. */
export async function makeRule(w: World): Promise<{ id: string; version: number }> {
  await rulesSubject(w);
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/rules', {
    cookie: w.users.admin.cookie,
    body: ruleBody(w, `walk ${made}`),
  });
  if (res.statusCode !== 201) throw new Error(`rule: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string; version: number } }>(res).data;
}

/** A valid create body on `walkr`. */
export const ruleBody = (w: World, name: string) => ({
  application: w.slug,
  subject: 'walkr',
  name,
  definition: { kind: 'range', field: 'amount', min: 0, max: 100 },
  severity: 'warning',
  messageZh: '{field} 超出范围',
  messageEn: '{field} is out of range',
});

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/rules': {
    allow: allow['GET /api/v1/rules'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rules?application=${w.slug}`, { cookie }),
  },
  'POST /api/v1/rules': {
    allow: allow['POST /api/v1/rules'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/rules', { cookie, body: { name: '' } }),
    audit: {
      prepare: rulesSubject,
      run: (w) => call(w.app, 'POST', '/api/v1/rules', { cookie: w.users.admin.cookie, body: ruleBody(w, 'walk create') }),
    },
  },
  'GET /api/v1/rules/:id': {
    allow: allow['GET /api/v1/rules/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rules/${nobody()}`, { cookie }),
  },
  'PATCH /api/v1/rules/:id': {
    allow: allow['PATCH /api/v1/rules/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/rules/${nobody()}`, { cookie, body: { version: 1, name: 'x' } }),
    audit: {
      prepare: makeRule,
      run: (w, r: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/rules/${r.id}`, {
          cookie: w.users.admin.cookie,
          body: { version: r.version, name: 'renamed' },
        }),
      noop: (w, r: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/rules/${r.id}`, {
          cookie: w.users.admin.cookie,
          body: { version: r.version + 1, name: 'renamed' },
        }),
    },
  },
  'DELETE /api/v1/rules/:id': {
    allow: allow['DELETE /api/v1/rules/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/rules/${nobody()}`, { cookie }),
    audit: {
      prepare: makeRule,
      run: (w, r: { id: string }) => call(w.app, 'DELETE', `/api/v1/rules/${r.id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/rules/:id/test': {
    allow: allow['POST /api/v1/rules/:id/test'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/rules/${nobody()}/test`, { cookie, body: { values: {} } }),
    // a computation: declared audit: false, writes nothing
    audit: {
      prepare: makeRule,
      run: (w, r: { id: string }) =>
        call(w.app, 'POST', `/api/v1/rules/${r.id}/test`, { cookie: w.users.admin.cookie, body: { values: { amount: 500 } } }),
    },
  },
};
