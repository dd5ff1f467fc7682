// XLSX rendering: a query of 100,000 rows × 10 columns (text, Chinese text, money, decimal, date,
// boolean, a list) written by the report engine's streaming writer (exceljs WorkbookWriter,
// server/src/modules/report-templates/render/xlsx.ts) to a file. Target: ≤ 6 s, peak RSS and heap
// < 200 MB. The rows reach the writer as a streamed model gives them (buildDataModel `streamRows`:
// `rowPages`, pages of RENDER_QUERY_PAGE_ROWS made when the writer asks for the next one, as the keyset
// reads of render/query-rows.ts give them); `--materialise` builds all rows into `model.rows` first
// (the model of an HTML/DOCX render, and of XLSX before streaming). `baseline*` is the process before
// the rows (node + tsx + exceljs); `peak*` includes the rows held and the writer. `longestStallMs`:
// the longest time a 10 ms timer waited for the event loop during the write (what another user's
// request on this process would have waited at most). Prints one JSON line.
// Usage: npm run bench:render-xlsx [-- --rows 100000] [-- --materialise]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeXlsx } from '../server/src/modules/report-templates/render/xlsx.ts';
import { RENDER_QUERY_PAGE_ROWS } from '../contracts/report-templates.constants.ts';

const baseline = process.memoryUsage();

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, materialise: { type: 'boolean', default: false } } });
const n = Number(values.rows);

let peakRss = 0;
let peakHeap = 0;
let peakExternal = 0;
let peakHeapTotal = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakExternal = Math.max(peakExternal, m.external);
  peakHeapTotal = Math.max(peakHeapTotal, m.heapTotal);
};
const sampler = setInterval(sample, 20);

const fields = [
  ['name', 'Name', 'text'],
  ['title_zh', '标题', 'text'],
  ['fee', 'Fee', 'money'],
  ['rate', 'Rate', 'decimal'],
  ['start', 'Start', 'date'],
  ['done', 'Done', 'boolean'],
  ['labels', 'Labels', 'multiSelect'],
  ['owner', 'Owner', 'text'],
  ['note', 'Note', 'longText'],
  ['code', 'Code', 'text'],
].map(([key, name, type]) => ({ key, name, type }));
/** Row `i` of the query (as the keyset reads give it: `id` plus one cell per column). */
const rowOf = (i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Engagement ${i}`,
  title_zh: `年度审计项目 ${i}`,
  fee: `${(i * 37.5) % 100000}.50`,
  rate: `0.${i % 1000}`,
  start: `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
  done: i % 2 === 0,
  labels: ['a', 'b'],
  owner: `user ${i % 50}`,
  note: i % 3 ? '存货盘点差异说明' : null,
  code: `C-${i}`,
});
let rows = null;
if (values.materialise) {
  rows = [];
  for (let i = 0; i < n; i++) rows.push(rowOf(i));
}
/** The pages a streamed model reads (each made when the writer asks for it). */
async function* rowPages() {
  for (let from = 0; from < n; from += RENDER_QUERY_PAGE_ROWS) {
    await new Promise((resolve) => setImmediate(resolve)); // a database read's turn of the event loop
    const page = [];
    for (let i = from; i < Math.min(n, from + RENDER_QUERY_PAGE_ROWS); i++) page.push(rowOf(i));
    yield { rows: page, labels: {} };
  }
}
const model = {
  app: { id: 'a', name: 'bench' },
  subject: { id: 's', key: 'engagement', name: 'Engagement' },
  record: null,
  rows,
  rowPages: rows ? null : rowPages,
  labels: {},
  files: {},
  now: new Date().toISOString(),
  locale: 'zh-CN',
  schema: { fields, lists: { rows: { total: n, loaded: n, fields, name: '查询结果' } } },
};
sample();
const modelRss = process.memoryUsage().rss;
const dir = mkdtempSync(path.join(os.tmpdir(), 'render-xlsx-'));
const file = path.join(dir, 'out.xlsx');
let longestStall = 0;
let due = performance.now() + 10;
const prober = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - due);
  due = now + 10;
}, 10);
const t0 = performance.now();
const out = createWriteStream(file);
await writeXlsx(model, out);
await finished(out);
const ms = performance.now() - t0;
clearInterval(prober);
sample();
clearInterval(sampler);
const bytes = statSync(file).size;
rmSync(dir, { recursive: true, force: true });
const mb = (b) => Math.round((b / 1024 / 1024) * 10) / 10;
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(
  JSON.stringify({
    bench: 'render-xlsx',
    rows: n,
    source: rows ? 'materialised' : 'pages',
    ms: Math.round(ms),
    longestStallMs: Math.round(longestStall),
    fileMB: mb(bytes),
    baselineRssMB: mb(baseline.rss),
    baselineHeapMB: mb(baseline.heapUsed),
    rssAfterRowsMB: mb(modelRss),
    peakRssMB: mb(Math.max(peakRss, maxRss)),
    peakHeapMB: mb(peakHeap),
    peakHeapTotalMB: mb(peakHeapTotal),
    peakExternalMB: mb(peakExternal),
    targets: { ms: 6000, peakMB: 200 },
    loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10),
  }),
);
