// XLSX rendering: a query model of 100,000 rows × 10 columns (text, Chinese text, money, decimal,
// date, boolean, a list) written by the report engine's streaming writer (exceljs WorkbookWriter,
// server/src/modules/report-templates/render/xlsx.ts) to a file. Target: ≤ 6 s, peak RSS and heap
// < 200 MB. `baseline*` is the process before the model (node + tsx + exceljs); `peak*` includes
// the model itself (as a render task holds it) and the writer. Prints one JSON line.
// Usage: npm run bench:render-xlsx [-- --rows 100000]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeXlsx } from '../server/src/modules/report-templates/render/xlsx.ts';

const baseline = process.memoryUsage();

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
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
const rows = [];
for (let i = 0; i < n; i++) {
  rows.push({
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
}
const model = {
  app: { id: 'a', name: 'bench' },
  subject: { id: 's', key: 'engagement', name: 'Engagement' },
  record: null,
  rows,
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
const t0 = performance.now();
const out = createWriteStream(file);
await writeXlsx(model, out);
await finished(out);
const ms = performance.now() - t0;
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
    ms: Math.round(ms),
    fileMB: mb(bytes),
    baselineRssMB: mb(baseline.rss),
    baselineHeapMB: mb(baseline.heapUsed),
    rssAfterModelMB: mb(modelRss),
    peakRssMB: mb(Math.max(peakRss, maxRss)),
    peakHeapMB: mb(peakHeap),
    peakHeapTotalMB: mb(peakHeapTotal),
    peakExternalMB: mb(peakExternal),
    targets: { ms: 6000, peakMB: 200 },
    loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10),
  }),
);
