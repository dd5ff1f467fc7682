// PDF rendering: a 10-page report with Chinese text (a Liquid template over 10 sections of 30
// rows, page header and footer with page numbers) rendered to HTML and printed by the report
// engine's warm Chromium (server/src/modules/report-templates/render/pdf.ts; CHROMIUM_PATH, default
// /usr/bin/chromium). Prints cold (the first print, browser launch included) and warm (median of
// 5 prints on the kept browser; each print a fresh context) as one JSON line. Target warm ≤ 1 s.
// Usage: npm run bench:render-pdf [-- --pages 10]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { closePdfBrowser, renderHtml, renderPdf } from '../server/src/modules/report-templates/render/index.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '10' } } });
const pages = Number(values.pages);

const sections = Array.from({ length: pages }, (_, s) => ({
  id: `s-${s}`,
  title: `第 ${s + 1} 章 存货审计程序`,
  rows: Array.from({ length: 30 }, (_, i) => ({ id: `r-${s}-${i}`, name: `会计分录 ${s}-${i}`, amount: `${(s * 1000 + i * 17.25).toFixed(2)}`, note: '与原始凭证核对一致' })),
}));
const model = {
  app: { id: 'a', name: '审计平台' },
  subject: { id: 's', key: 'audit', name: 'Audit' },
  record: { id: 'r', title: '年度审计报告 2026', sections, createdAt: '', updatedAt: '' },
  rows: null,
  labels: {},
  files: {},
  now: new Date().toISOString(),
  locale: 'zh-CN',
  schema: { fields: [], lists: { 'record.sections': { total: pages, loaded: pages, fields: [], name: 'Sections' } } },
};
const body = `{% for s in record.sections %}<section style="break-after: page"><h2>{{ s.title }}</h2>
<table><tr><th>名称</th><th>金额</th><th>说明</th></tr>{% for r in s.rows %}<tr><td>{{ r.name }}</td><td>{{ r.amount | money }}</td><td>{{ r.note }}</td></tr>{% endfor %}</table></section>{% endfor %}`;
const page = { header: '{{ app.name }} · {{ record.title }}', footer: '第 {{ page }} / {{ pages }} 页' };

const t0 = performance.now();
const { html, missing } = await renderHtml({ body, partials: {}, page }, model, { locale: 'zh-CN' });
const htmlMs = performance.now() - t0;
if (missing.length) throw new Error(`missing: ${JSON.stringify(missing.slice(0, 3))}`);
const print = async () => {
  const t = performance.now();
  const pdf = await renderPdf(html, page);
  return { ms: performance.now() - t, bytes: pdf.length, pages: (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length };
};
try {
  const cold = await print();
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push((await print()).ms);
  warm.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'render-pdf',
      pages: cold.pages,
      htmlMs: Math.round(htmlMs),
      coldMs: Math.round(cold.ms),
      warmMedianMs: Math.round(warm[2]),
      warmMinMs: Math.round(warm[0]),
      warmMaxMs: Math.round(warm[4]),
      pdfKB: Math.round(cold.bytes / 1024),
      targetWarmMs: 1000,
      loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10),
    }),
  );
} finally {
  await closePdfBrowser();
}
