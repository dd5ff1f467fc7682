// Grid scroll benchmark (views: the grid scroll frame rate at 100k rows in
// Chromium, by requestAnimationFrame count during a scripted scroll; target ≥ 50 fps).
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
import { parseArgs } from 'node:util';
import { openBrowser, printFrames, requireBuild, saveView, scrollFrames, seedSubject, startBenchServer } from './browser-lib.mjs';

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

requireBuild();
const bench = await startBenchServer({ port: Number(values.port) });
let browser;
try {
  const seconds = await seedSubject(bench, { key: 'items', name: 'Items', displayField: 'title', fields: FIELDS, rows: ROWS });
  console.log(`[bench] ${ROWS.toLocaleString('en-US')} records seeded in ${seconds.toFixed(1)} s`);
  const view = await saveView(bench, 'items', 'Scroll', {
    type: 'grid',
    columns: FIELDS.map((f) => f.key),
    sort: [{ field: 'amount', order: 'desc' }],
    groupBy: 'status',
    pageSize: 200,
  });
  await bench.listen();
  let page;
  ({ browser, page } = await openBrowser(bench));
  await page.goto(`http://127.0.0.1:${bench.port}/grid_view?view=${view}`);
  await page.getByTestId('view-row').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const result = await scrollFrames(page, { selector: '.ant-table-tbody-virtual-holder', seconds: SECONDS, step: STEP });
  const count = (await page.getByTestId('view-count').textContent()) ?? '';
  console.log(`[bench] grid scroll over ${ROWS.toLocaleString('en-US')} records (grouped, sorted), ${SECONDS} s at ${STEP} px a frame in Chromium:`);
  printFrames(result);
  console.log(`  scrolled to ${Math.round(result.scrollTop).toLocaleString('en-US')} px; ${count.trim()}`);
} finally {
  await browser?.close();
  await bench.close();
}
