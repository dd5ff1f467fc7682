/**
 * The outbox's cost (opt-in: TRIGGERS_BENCH=1): a bulk update of 1,000 records through the API,
 * three rounds of: the outbox's database trigger disabled (the baseline), enabled with no enabled
 * trigger on the subject (what every subject pays), and with one (1,000 events written). Prints the
 * milliseconds of each; docs/triggers.md "Cost" keeps the figures.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { adminSession, call, createTestApp } from '../../test/helpers';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { tableNameOf } from '../subjects/ddl';

test('outbox cost of a 1,000-row bulk update', { skip: process.env.TRIGGERS_BENCH !== '1' }, async () => {
  const ctx = await createTestApp();
  try {
    const admin = await adminSession(ctx.app);
    const appId = await createTestApplication(ctx.app, admin.cookie, 'bench');
    const { id, fieldIds } = await createTestSubjectIn(ctx.app, {
      applicationId: appId,
      key: 'item',
      fields: [fieldOf('status', 'text')],
    });
    const table = tableNameOf(id);
    const column = (await ctx.app.db.execute(
      sql`select column_name from information_schema.columns where table_name = ${table} and column_name like 'f%'`,
    )) as unknown as { rows: { column_name: string }[] };
    const col = (column.rows ?? (column as unknown as { column_name: string }[]))[0].column_name;
    assert.ok(fieldIds.status);
    await ctx.app.db.execute(sql.raw(`insert into "${table}" ("${col}") select 'a' from generate_series(1, 1000)`));
    const ids = (
      (await ctx.app.db.execute(sql.raw(`select id from "${table}"`))) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    const bulk = async (value: string) => {
      const t0 = performance.now();
      const res = await call(ctx.app, 'POST', '/api/v1/applications/bench/subjects/item/records/bulk-update', {
        cookie: admin.cookie,
        body: { ids, values: { status: value } },
      });
      assert.equal(res.statusCode, 200, res.body);
      return Math.round(performance.now() - t0);
    };
    await bulk('warm');
    const outbox = (on: boolean) =>
      ctx.app.db.execute(sql.raw(`alter table record_versions ${on ? 'enable' : 'disable'} trigger record_versions_outbox`));
    const setEnabled = (id: string, on: boolean) =>
      call(ctx.app, 'POST', `/api/v1/triggers/${id}/${on ? 'enable' : 'disable'}`, { cookie: admin.cookie });
    const res = await call(ctx.app, 'POST', '/api/v1/triggers', {
      cookie: admin.cookie,
      body: { name: 'bench', application: 'bench', event: 'record.updated', subject: 'item', enabled: false, steps: [] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const triggerId = (JSON.parse(res.body) as { data: { id: string } }).data.id;
    const noOutbox: number[] = [];
    const noTrigger: number[] = [];
    const withTrigger: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await outbox(false);
      noOutbox.push(await bulk(`a${round}`));
      await outbox(true);
      noTrigger.push(await bulk(`b${round}`));
      await setEnabled(triggerId, true);
      withTrigger.push(await bulk(`c${round}`));
      await setEnabled(triggerId, false);
    }
    console.log(
      JSON.stringify({
        engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
        rows: 1000,
        noOutboxMs: noOutbox,
        noTriggerMs: noTrigger,
        withTriggerMs: withTrigger,
      }),
    );
  } finally {
    await ctx.close();
  }
});
