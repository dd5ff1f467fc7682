// Grid scroll benchmark (issue 7 "Tests and benchmarks": "grid scroll frame rate at 100k rows in
// Chromium (requestAnimationFrame count during a scripted scroll)"; target ≥ 50 fps).
//
// Seeds one subject of six fields with 100,000 records (SQL generate_series straight into the
// subject's table, PGlite in memory), saves a grid view of it (sorted by amount, grouped by
// status: the heavier case, with group header rows), starts the real server on the built app
// (dist/, `npx umi build` first) and opens /grid_view?view=<id> in Debian's Chromium
// (playwright-core, executablePath /usr/bin/chromium, --no-sandbox). In the page, every animation
// frame scrolls the virtual grid's body by STEP px for SECONDS seconds while keyset pages of 200
// rows are fetched as the end comes near; the script counts requestAnimationFrame callbacks and
// prints frames per second (overall and the slowest one-second window), the rows loaded and the
// longest frame.
//
// Usage: npm run bench:grid [-- --rows 100000 --seconds 10 --step 600 --port 8781]
/* global document, requestAnimationFrame -- page.evaluate runs in the browser */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { CSRF, PASSWORD, expectOk } from './lib.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    step: { type: 'string', default: '600' },
    port: { type: 'string', default: '8781' },
  },
});
const ROWS = Number(values.rows);
const SECONDS = Number(values.seconds);
const STEP = Number(values.step);
const PORT = Number(values.port);
const STATUSES = ['draft', 'open', 'review', 'closed', 'archived'];
const FIELDS = [
  { key: 'title', name: 'Title', type: 'text', seed: `'Record ' || g || ' ' || md5(g::text)` },
  { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY', precision: 2 }, seed: `round(((g * 7919) % 1000000)::numeric / 100, 2)` },
  { key: 'due_date', name: 'Due date', type: 'date', seed: `date '2020-01-01' + ((g * 13) % 2500)::int` },
  { key: 'done', name: 'Done', type: 'boolean', seed: `(g % 3 = 0)` },
  {
    key: 'status',
    name: 'Status',
    type: 'singleSelect',
    options: { choices: STATUSES.map((label) => ({ label, color: '#1677ff' })) },
    seed: `(array['draft','open','review','closed','archived'])[1 + (g % 5)]`,
  },
  { key: 'email', name: 'E-mail', type: 'email', seed: `'user' || (g % 50000) || '@example.com'` },
];

if (!existsSync('dist/index.html')) {
  console.error('dist/index.html is missing: run `npx umi build` first');
  process.exit(1);
}


const handle = await openDatabase({ memory: true });
await migrateDatabase(handle);
const app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle, distDir: 'dist' });
await app.ready();
let browser;
try {
  const post = (url, body, cookie) => app.inject({ method: 'POST', url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body });
  await expectOk(await post('/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }), 'setup');
  const login = await post('/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  await expectOk(await post('/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie), 'application');
  const created = await expectOk(
    await post('/api/v1/applications/bench/subjects', { key: 'items', name: 'Items', displayField: 'title', fields: FIELDS.map((f) => ({ options: {}, key: f.key, name: f.name, type: f.type, ...(f.options ? { options: f.options } : {}) })) }, cookie),
    'subject',
  );
  const subject = await loadSubjectDef(handle.db, { id: created.data.id });
  const cols = FIELDS.map((f) => subject.fields.find((d) => d.key === f.key).column);
  const t0 = performance.now();
  for (let from = 1; from <= ROWS; from += 50_000) {
    const to = Math.min(ROWS, from + 49_999);
    await handle.db.execute(
      sql.raw(
        `insert into "${subject.tableName}" (${cols.map((c) => `"${c}"`).join(', ')})
         select ${FIELDS.map((f) => f.seed).join(', ')} from generate_series(${from}::bigint, ${to}::bigint) g`,
      ),
    );
  }
  await handle.db.execute(sql.raw(`vacuum analyze "${subject.tableName}"`));
  console.log(`[bench] ${ROWS.toLocaleString('en-US')} records seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const view = await expectOk(
    await post(
      '/api/v1/applications/bench/subjects/items/views',
      {
        name: 'Scroll',
        config: { type: 'grid', columns: FIELDS.map((f) => f.key), sort: [{ field: 'amount', order: 'desc' }], groupBy: 'status', pageSize: 200 },
      },
      cookie,
    ),
    'view',
  );
  await app.listen({ port: PORT, host: '127.0.0.1' });

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/grid_view?view=${view.data.id}`);
  await page.getByTestId('view-row').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const result = await page.evaluate(
    ({ seconds, step }) =>
      new Promise((resolve) => {
        const holder = document.querySelector('.ant-table-tbody-virtual-holder');
        if (!holder) throw new Error('no virtual table body');
        const frames = [];
        const start = performance.now();
        const tick = (now) => {
          frames.push(now);
          holder.scrollTop += step;
          if (now - start < seconds * 1000) requestAnimationFrame(tick);
          else {
            const perSecond = [];
            for (let s = 0; s < seconds; s++) perSecond.push(frames.filter((t) => t - start >= s * 1000 && t - start < (s + 1) * 1000).length);
            let longest = 0;
            for (let i = 1; i < frames.length; i++) longest = Math.max(longest, frames[i] - frames[i - 1]);
            const count = document.querySelector('[data-testid="view-count"]')?.textContent ?? '';
            resolve({ frames: frames.length, elapsed: now - start, perSecond, longest, count, scrollTop: holder.scrollTop });
          }
        };
        requestAnimationFrame(tick);
      }),
    { seconds: SECONDS, step: STEP },
  );
  const fps = (result.frames / result.elapsed) * 1000;
  console.log(`[bench] grid scroll over ${ROWS.toLocaleString('en-US')} records (grouped, sorted), ${SECONDS} s at ${STEP} px a frame in Chromium:`);
  console.log(`  frames ${result.frames} in ${(result.elapsed / 1000).toFixed(2)} s → ${fps.toFixed(1)} fps (target ≥ 50: ${fps >= 50 ? 'ok' : 'MISSED'})`);
  console.log(`  per second: ${result.perSecond.join(', ')}; slowest second ${Math.min(...result.perSecond)} fps; longest frame ${result.longest.toFixed(1)} ms`);
  console.log(`  scrolled to ${Math.round(result.scrollTop).toLocaleString('en-US')} px; ${result.count.trim()}`);
} finally {
  await browser?.close();
  await app.close();
  await handle.close();
}
