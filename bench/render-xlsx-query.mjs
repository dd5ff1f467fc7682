// XLSX of a saved query read from the database: 100,000 records × 10 fields (text, Chinese text,
// money, number, date, boolean, multi select, user, long text, text) seeded into a subject of a
// throw-away database, a saved query of every field (default order: newest first), and the report
// engine's streamed render of it (buildDataModel `streamRows` → keyset pages of 2,000 →
// writeXlsx, render/query-rows.ts and render/xlsx.ts) into a file. Meanwhile another user reads a
// page of 20 records every 50 ms (Fastify inject in this process): the longest and p95 wait of
// those requests is what a user waits while a report is written (PGlite runs one statement at a
// time); `longestStallMs`, the longest time a 10 ms timer waited for the event loop. Memory: RSS and heap sampled every 20 ms during the render only, against the RSS just
// before it (app + database + seeded rows already in); `renderShareMB` is peak − before.
// `--materialise`: the rows loaded whole into `model.rows` first (as HTML/DOCX get them). Prints
// one JSON line per engine.
// Usage: node --import tsx bench/render-xlsx-query.mjs [--engine pglite|postgres|both] [--rows 100000] [--materialise]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { buildDataModel } from '../server/src/modules/report-templates/render/model.ts';
import { writeXlsx } from '../server/src/modules/report-templates/render/xlsx.ts';
import { openBenchApp } from './app-lib.mjs';
import { expectOk, pct } from './lib.mjs';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '100000' }, materialise: { type: 'boolean', default: false } } });
const n = Number(values.rows);
const mb = (b) => Math.round((b / 1024 / 1024) * 10) / 10;

const FIELDS = [
  { key: 'name', name: 'Name', type: 'text' },
  { key: 'title_zh', name: '标题', type: 'text' },
  { key: 'fee', name: 'Fee', type: 'money', options: { currency: 'CNY', precision: 2 } },
  { key: 'rate', name: 'Rate', type: 'number', options: { precision: 3 } },
  { key: 'start', name: 'Start', type: 'date' },
  { key: 'done', name: 'Done', type: 'boolean' },
  { key: 'labels', name: 'Labels', type: 'multiSelect', options: { choices: [{ label: 'a', color: '#1677ff' }, { label: 'b', color: '#52c41a' }] } },
  { key: 'owner', name: 'Owner', type: 'user' },
  { key: 'note', name: 'Note', type: 'longText' },
  { key: 'code', name: 'Code', type: 'text' },
];

async function runEngine(engine) {
  const { handle, call, cookie, close } = await openBenchApp(engine, 'assay_render_xlsx');
  try {
    const created = await expectOk(await call('POST', '/api/v1/applications/bench/subjects', { key: 'job', name: 'Job', fields: FIELDS }, cookie), 'subject');
    const def = await loadSubjectDef(handle.db, { id: created.data.id });
    const col = (key) => `"${def.fields.find((f) => f.key === key).column}"`;
    const t0 = performance.now();
    await handle.db.execute(
      sql.raw(`insert into "${def.tableName}" (${FIELDS.map((f) => col(f.key)).join(', ')})
        select 'Engagement ' || i, '年度审计项目 ' || i, ((i * 37.5)::numeric % 100000) + 0.5, (i % 1000)::numeric / 1000,
          date '2026-01-15' + ((i % 12) * 30), i % 2 = 0, array['a', 'b'],
          case when i % 2 = 0 then (select id from users order by created_at limit 1) end,
          case when i % 3 <> 0 then '存货盘点差异说明' end, 'C-' || i
        from generate_series(1, ${n}) as g(i)`),
    );
    await handle.db.execute(sql.raw(`analyze "${def.tableName}"`));
    const seededS = (performance.now() - t0) / 1000;
    const saved = await expectOk(
      await call('POST', '/api/v1/record-queries', { name: '查询结果', definition: { subjectId: def.id, columns: FIELDS.map((f) => f.key), sort: [] } }, cookie),
      'saved query',
    );

    // another user: a page of records every 50 ms while the render goes
    const waits = [];
    let running = true;
    const other = (async () => {
      while (running) {
        const s = performance.now();
        await expectOk(await call('GET', '/api/v1/applications/bench/subjects/job/records?pageSize=20', undefined, cookie), 'other user');
        waits.push(performance.now() - s);
        await sleep(50);
      }
    })();

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peakRss = before;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'render-xlsx-query-'));
    const file = path.join(dir, 'out.xlsx');
    let longestStall = 0;
    let due = performance.now() + 10;
    const prober = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - due);
      due = now + 10;
    }, 10);
    const started = performance.now();
    const model = await buildDataModel(handle.db, {
      applicationId: def.applicationId,
      binding: { subjectId: def.id, relations: [], recordQueryId: saved.data.id },
      recordId: null,
      locale: 'zh-CN',
      streamRows: !values.materialise,
    });
    const out = createWriteStream(file);
    await writeXlsx(model, out);
    await finished(out);
    const ms = performance.now() - started;
    clearInterval(sampler);
    clearInterval(prober);
    running = false;
    await other;
    const bytes = statSync(file).size;
    rmSync(dir, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        bench: 'render-xlsx-query',
        engine,
        rows: n,
        source: values.materialise ? 'materialised' : 'pages',
        loaded: model.schema.lists.rows.loaded,
        seededS: Math.round(seededS * 10) / 10,
        ms: Math.round(ms),
        fileMB: mb(bytes),
        otherRequests: waits.length,
        otherP95Ms: Math.round(pct(waits, 95)),
        otherLongestMs: Math.round(Math.max(0, ...waits)),
        longestStallMs: Math.round(longestStall),
        rssBeforeMB: mb(before),
        peakRssMB: mb(peakRss),
        renderShareMB: mb(peakRss - before),
        peakHeapMB: mb(peakHeap),
        loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10),
      }),
    );
  } finally {
    await close();
  }
}

for (const engine of values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine]) await runEngine(engine);
