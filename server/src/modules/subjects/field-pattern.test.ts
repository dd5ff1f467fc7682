/**
 * Validation patterns run by the linear-time engine (lib/user-pattern.ts): a catastrophic pattern
 * for a backtracking engine (`(a+)+`) answers at once and leaves the server responsive; features
 * RE2 cannot run are refused on save naming the field; a pattern stored before (lookahead) is
 * flagged on its field, listed at start, and not checked on writes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SubjectDetail } from '../../../../contracts';
import { call, changeInSql, json } from '../../test/helpers';
import { listUnrunnablePatterns, warnUnrunnablePatterns } from './legacy-patterns';
import { errorOf, makeSubject, patchField, setup, type Ctx } from './subjects.test-support';

/**
 * Runs `request` while GET /health is called every 20 ms; returns the request's answer, how long
 * it took and the slowest /health (ms, from when it was due to its answer: a request blocking the
 * event loop delays the timer of the next call as much as the call itself).
 */
async function withHealthProbe(
  app: FastifyInstance,
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ res: LightMyRequestResponse; ms: number; slowestHealthMs: number }> {
  let done = false;
  let slowestHealthMs = 0;
  const probe = (async () => {
    while (!done) {
      const due = performance.now() + 20;
      await new Promise((r) => setTimeout(r, 20));
      const health = await call(app, 'GET', '/api/v1/health');
      assert.equal(health.statusCode, 200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - due);
    }
  })();
  const start = performance.now();
  await new Promise((r) => setTimeout(r, 30)); // the probe is running before the write starts
  const res = await request();
  const ms = performance.now() - start - 30;
  done = true;
  await probe;
  return { res, ms, slowestHealthMs };
}

const recordsOf = (c: Ctx, key: string) => `${c.base}/${key}/records`;

test('(a+)+ over 32 characters and over 100,000 answers 400 at once, /health stays responsive', async (t) => {
  const c = await setup(t);
  await makeSubject(c, {
    key: 'memo',
    fields: [
      { key: 'code', name: 'Code', type: 'text', validation: { pattern: '(a+)+' } },
      { key: 'body', name: 'Body', type: 'longText', validation: { pattern: '(a+)+' } },
    ],
  });
  const write = (values: Record<string, string>) => () => call(c.app, 'POST', recordsOf(c, 'memo'), { cookie: c.cookie, body: { values } });

  // warm up (the subject's definition read and cached, the write path's code compiled)
  assert.equal((await write({ code: 'a' })()).statusCode, 201);

  // a backtracking engine takes ≈ 20 s for 32 characters (×3.7 per 2 more), forever for 100,000
  for (const [key, value] of [
    ['code', `${'a'.repeat(32)}!`],
    ['body', `${'a'.repeat(99_999)}!`],
  ] as const) {
    const { res, ms, slowestHealthMs } = await withHealthProbe(c.app, write({ [key]: value }));
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      errorOf(res).details?.map((d) => d.field),
      [`values.${key}`],
    );
    t.diagnostic(`${key} (${value.length} characters): 400 in ${ms.toFixed(0)} ms, slowest /health ${slowestHealthMs.toFixed(0)} ms`);
    assert.ok(ms < 2000, `${key}: answered in ${ms.toFixed(0)} ms`);
    assert.ok(slowestHealthMs < 2000, `${key}: /health took up to ${slowestHealthMs.toFixed(0)} ms`);
  }
  // values that match are written
  const ok = await call(c.app, 'POST', recordsOf(c, 'memo'), {
    cookie: c.cookie,
    body: { values: { code: 'a'.repeat(32), body: 'a'.repeat(100_000) } },
  });
  assert.equal(ok.statusCode, 201, ok.body.slice(0, 500));
});

test('lookahead, lookbehind and backreferences are refused on save with a 400 naming the field', async (t) => {
  const c = await setup(t);
  const refused = await call(c.app, 'POST', c.base, {
    cookie: c.cookie,
    headers: { 'accept-language': 'en-US' },
    body: { key: 'memo', name: 'Memo', fields: [{ key: 'code', name: 'Code', type: 'text', validation: { pattern: '(?=a)a+' } }] },
  });
  assert.equal(refused.statusCode, 400, refused.body);
  assert.deepEqual(errorOf(refused).details, [
    {
      field: 'fields.0.validation.pattern',
      message: 'Uses (?=: the linear-time pattern engine cannot run lookahead, lookbehind or backreferences; rewrite it',
    },
  ]);

  await makeSubject(c, { key: 'memo', fields: [{ key: 'code', name: 'Code', type: 'text' }] });
  for (const pattern of ['(?!x)a', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<n>a)\\k<n>']) {
    const res = await call(c.app, 'POST', `${c.base}/memo/fields`, {
      cookie: c.cookie,
      body: { key: 'ref', name: 'Ref', type: 'text', validation: { pattern } },
    });
    assert.equal(res.statusCode, 400, `${pattern}: ${res.body}`);
    assert.deepEqual(
      errorOf(res).details?.map((d) => d.field),
      ['validation.pattern'],
    );
    const patched = await patchField(c, 'memo', 'code', { validation: { pattern } });
    assert.equal(patched.statusCode, 400, `${pattern}: ${patched.body}`);
  }
  // too complex for the time budget, and RE2's own syntax errors
  const complex = await patchField(c, 'memo', 'code', { validation: { pattern: '(.*a){300}' } });
  assert.equal(complex.statusCode, 400, complex.body);
  assert.match(errorOf(complex).details?.[0].message ?? '', /1504/);
  const repeat = await patchField(c, 'memo', 'code', { validation: { pattern: 'a{1001}' } });
  assert.equal(repeat.statusCode, 400, repeat.body);
  // what RE2 runs is accepted: JavaScript escapes and named groups are translated
  const fine = await patchField(c, 'memo', 'code', { validation: { pattern: '(?<p>WP)-\\d{3}\\u0041?' } });
  assert.equal(fine.statusCode, 200, fine.body);
  const write = (code: string) => call(c.app, 'POST', recordsOf(c, 'memo'), { cookie: c.cookie, body: { values: { code } } });
  assert.equal((await write('WP-001A')).statusCode, 201);
  assert.equal((await write('WP-001B')).statusCode, 400);
});

test('a pattern stored before (lookahead) is flagged, listed at start, kept on other changes and not checked', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, {
    key: 'memo',
    fields: [
      { key: 'code', name: 'Code', type: 'text' },
      { key: 'plain', name: 'Plain', type: 'text', validation: { pattern: 'a+' } },
    ],
  });
  await changeInSql(c.app, () =>
    c.handle.db.execute(
      sql`update fields set validation = ${JSON.stringify({ pattern: '(?=WP)\\w+' })}::jsonb where subject_id = ${s.id}::uuid and key = 'code'`,
    ),
  );

  const detail = json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/memo`, { cookie: c.cookie })).data;
  const byKey = new Map(detail.fields.map((f) => [f.key, f]));
  assert.equal(byKey.get('code')?.patternIssue, 'lookahead (?=');
  assert.equal(byKey.get('plain')?.patternIssue, undefined);

  const listed = await listUnrunnablePatterns(c.handle.db);
  assert.deepEqual(listed, [{ application: c.slug, subject: 'memo', field: 'code', pattern: '(?=WP)\\w+', issue: 'lookahead (?=' }]);
  const warnings: string[] = [];
  await warnUnrunnablePatterns(c.handle.db, { warn: (_obj, msg) => warnings.push(msg) });
  assert.equal(warnings.length, 1);
  assert.ok(warnings[0].includes(`${c.slug}/memo/code (lookahead (?=)`), warnings[0]);

  // writes go through without that pattern's check (never the backtracking RegExp)
  const res = await call(c.app, 'POST', recordsOf(c, 'memo'), { cookie: c.cookie, body: { values: { code: 'anything' } } });
  assert.equal(res.statusCode, 201, res.body);
  // other changes of the field keep it (the form sends the validation back unchanged)…
  const renamed = await patchField(c, 'memo', 'code', { name: 'Reference', validation: { pattern: '(?=WP)\\w+' } });
  assert.equal(renamed.statusCode, 200, renamed.body);
  // …a new unrunnable pattern is refused, a rewrite clears the flag
  const other = await patchField(c, 'memo', 'code', { validation: { pattern: '(?=X)\\w+' } });
  assert.equal(other.statusCode, 400, other.body);
  const rewritten = await patchField(c, 'memo', 'code', { validation: { pattern: 'WP\\w*|anything' } });
  assert.equal(rewritten.statusCode, 200, rewritten.body);
  assert.equal(json<{ data: { patternIssue?: string } }>(rewritten).data.patternIssue, undefined);
  assert.deepEqual(await listUnrunnablePatterns(c.handle.db), []);
});
