import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { RecordDetail, SubjectDetail } from '../../../../contracts';
import { fields } from '../../db/schema';
import { call, changeInSql, json, userSession } from '../../test/helpers';
import { addTestMember } from '../records/records.test-support';
import { errorOf, makeSubject, setup, type Ctx } from './subjects.test-support';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'formula size and time limits hold in the server process, before values reach the database');

/** A formula is refused, or a write answered, within this many ms (the attacks took seconds to minutes, or killed the process). */
const QUICK_MS = 2000;

/** Formulas an application owner might try; each must be a 400 naming the expression, quickly. */
const RUNAWAY = [
  '1e9999999 * amount',
  'bignumber("1e199999999") * amount',
  'amount ^ 1e9999',
  'factorial(100000) * amount',
  'sum(zeros(1e8)) + amount',
  'sum(1:1e9) + amount',
  'config({relTol: 0.9, absTol: 1})',
  `${'('.repeat(500)}amount${')'.repeat(500)}`,
  Array.from({ length: 150 }, () => 'amount').join('+'),
];

/** The application `slug` owned by a fresh non-administrator; returns the owner's cookie. */
async function ownedApplication(c: Ctx, slug: string): Promise<string> {
  const res = await call(c.app, 'POST', '/api/v1/applications', { cookie: c.cookie, body: { slug, name: slug } });
  assert.equal(res.statusCode, 201, res.body);
  const owner = await userSession(c.app, c.cookie, { name: `Owner of ${slug}` });
  await addTestMember(c.app, c.cookie, slug, owner.email, 'owner');
  return owner.cookie;
}

/** A subject `line` (amount, qty: numbers; same: `amount == qty`; total: `amount * qty`) in application `slug`. */
async function lineSubject(c: Ctx, slug: string): Promise<SubjectDetail> {
  return makeSubject(
    { ...c, base: `/api/v1/applications/${slug}/subjects` },
    {
      key: 'line',
      fields: [
        { key: 'amount', name: 'Amount', type: 'number' },
        { key: 'qty', name: 'Qty', type: 'number' },
        { key: 'same', name: 'Same', type: 'formula', options: { expression: 'amount == qty', resultType: 'boolean' } },
        { key: 'total', name: 'Total', type: 'formula', options: { expression: 'amount * qty', resultType: 'number' } },
      ],
    },
  );
}

/**
 * Stores `expression` as formula `key` of `subject` directly in SQL (no checks), as a formula saved
 * before the limits would be (`same` gives a boolean, `total` a number: their columns' types).
 */
async function storeUnchecked(c: Ctx, subject: SubjectDetail, key: 'same' | 'total', expression: string): Promise<void> {
  const field = subject.fields.find((f) => f.key === key)!;
  const resultType = key === 'same' ? 'boolean' : 'number';
  await changeInSql(c.app, () =>
    c.app.db
      .update(fields)
      .set({ options: { expression, resultType } })
      .where(and(eq(fields.id, field.id))),
  );
}

test('formula limits: saving a runaway formula is a 400 naming the expression, answered quickly', async (t) => {
  const c = await setup(t);
  const owner = await ownedApplication(c, 'acme');
  await lineSubject(c, 'acme');
  const base = '/api/v1/applications/acme/subjects/line/fields';
  let slowest = 0;
  for (const expression of RUNAWAY) {
    const started = performance.now();
    const added = await call(c.app, 'POST', base, {
      cookie: owner,
      body: { key: 'bad', name: 'Bad', type: 'formula', options: { expression } },
    });
    const ms = performance.now() - started;
    assert.equal(added.statusCode, 400, `${expression.slice(0, 40)}: ${added.body.slice(0, 200)}`);
    assert.deepEqual(
      errorOf(added).details?.map((d) => d.field),
      ['options.expression'],
      expression.slice(0, 40),
    );
    assert.ok(ms < QUICK_MS, `${expression.slice(0, 40)}: answered in ${ms.toFixed(0)} ms`);
    slowest = Math.max(slowest, ms);
    const changed = await call(c.app, 'PATCH', `${base}/same`, { cookie: owner, body: { options: { expression } } });
    assert.equal(changed.statusCode, 400, `${expression.slice(0, 40)}: ${changed.body.slice(0, 200)}`);
    assert.deepEqual(
      errorOf(changed).details?.map((d) => d.field),
      ['options.expression'],
    );
  }
  t.diagnostic(`slowest refusal: ${slowest.toFixed(0)} ms`);
  // inside a new subject the field is named by its place
  const created = await call(c.app, 'POST', '/api/v1/applications/acme/subjects', {
    cookie: owner,
    body: {
      key: 'other',
      name: 'Other',
      fields: [
        { key: 'amount', name: 'Amount', type: 'number' },
        { key: 'bad', name: 'Bad', type: 'formula', options: { expression: '1e9999999 * amount' } },
      ],
    },
  });
  assert.equal(created.statusCode, 400, created.body);
  assert.deepEqual(
    errorOf(created).details?.map((d) => d.field),
    ['fields.1.options.expression'],
  );
});

test('formula limits: config() in one application changes nothing in another', async (t) => {
  const c = await setup(t);
  const ownerA = await ownedApplication(c, 'app-a');
  const ownerB = await ownedApplication(c, 'app-b');
  const a = await lineSubject(c, 'app-a');
  await lineSubject(c, 'app-b');
  const refused = await call(c.app, 'PATCH', '/api/v1/applications/app-a/subjects/line/fields/same', {
    cookie: ownerA,
    body: { options: { expression: 'config({relTol: 0.9, absTol: 1})' } },
  });
  assert.equal(refused.statusCode, 400, refused.body);
  assert.deepEqual(
    errorOf(refused).details?.map((d) => d.field),
    ['options.expression'],
  );
  // even a formula stored without the check (as before the limits) changes nothing when a write evaluates it
  await storeUnchecked(c, a, 'same', 'config({relTol: 0.9, absTol: 1})');
  const inA = await call(c.app, 'POST', '/api/v1/applications/app-a/subjects/line/records', {
    cookie: ownerA,
    body: { values: { amount: 1, qty: 1.5 } },
  });
  assert.equal(inA.statusCode, 201, inA.body);
  assert.equal(json<{ data: RecordDetail }>(inA).data.record.values.same, null);
  const inB = await call(c.app, 'POST', '/api/v1/applications/app-b/subjects/line/records', {
    cookie: ownerB,
    body: { values: { amount: 1, qty: 1.5 } },
  });
  assert.equal(inB.statusCode, 201, inB.body);
  assert.equal(json<{ data: RecordDetail }>(inB).data.record.values.same, false);
});

test('formula limits: a record write with a runaway stored formula answers quickly and never stalls /health', async (t) => {
  const c = await setup(t);
  const owner = await ownedApplication(c, 'acme-runaway');
  const s = await lineSubject(c, 'acme-runaway');
  // a first write warms up the record path (and mathjs's parser), so the figures below are the formula's
  const warm = await call(c.app, 'POST', '/api/v1/applications/acme-runaway/subjects/line/records', {
    cookie: owner,
    body: { values: { amount: 2, qty: 3 } },
  });
  assert.equal(json<{ data: RecordDetail }>(warm).data.record.values.total, '6');
  await storeUnchecked(c, s, 'total', '1e9999999 * amount');
  let writing = true;
  const started = performance.now();
  const write = call(c.app, 'POST', '/api/v1/applications/acme-runaway/subjects/line/records', {
    cookie: owner,
    body: { values: { amount: 2, qty: 1 } },
  }).finally(() => {
    writing = false;
  });
  // ask /health one request after the other while the write runs: the longest wait between two answers
  // (a write holding the event loop shows as one long gap)
  let longest = 0;
  let last = performance.now();
  let asked = 0;
  while (writing || asked === 0) {
    const health = await call(c.app, 'GET', '/api/v1/health');
    assert.equal(health.statusCode, 200);
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    asked += 1;
    // give the event loop back: PGlite answers as microtasks, so an inject loop alone could starve the write's timers and I/O
    await new Promise((resolve) => setImmediate(resolve));
  }
  // and once more after it: the wait for this answer counts the write's last stretch
  assert.equal((await call(c.app, 'GET', '/api/v1/health')).statusCode, 200);
  longest = Math.max(longest, performance.now() - last);
  const res = await write;
  const ms = performance.now() - started;
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(json<{ data: RecordDetail }>(res).data.record.values.total, null);
  t.diagnostic(
    `write answered in ${ms.toFixed(0)} ms; /health asked ${asked} times meanwhile, longest gap ${longest.toFixed(0)} ms`,
  );
  assert.ok(longest < QUICK_MS, `/health answered within ${longest.toFixed(0)} ms of the one before (${asked} asked)`);
  assert.ok(ms < QUICK_MS, `write answered in ${ms.toFixed(0)} ms`);
});
