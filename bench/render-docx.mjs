// DOCX rendering: a Word template with a table-row loop over 200 related records (Chinese text,
// money) and a paragraph loop, filled by the report engine (docxtemplater,
// server/src/modules/report-templates/render/docx.ts). Target: ≤ 0.5 s per render. Prints the
// first (cold: module code warming up) and the median of 10 warm renders, as one JSON line.
// Usage: npm run bench:render-docx [-- --rows 200]
import os from 'node:os';
import { parseArgs } from 'node:util';
import PizZip from 'pizzip';
import { renderDocx } from '../server/src/modules/report-templates/render/docx.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '200' } } });
const n = Number(values.rows);

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const p = (text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const cell = (text) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${p(text)}</w:tc>`;
const row = (cells) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
const body = [
  p('{record.title}（{app.name}）'),
  p('费用：{record.fee}　开始：{record.start}'),
  `<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr>${row(['名称', '金额', '说明'])}${row(['{#record.findings}{name}', '{amount}', '{note}{/record.findings}'])}</w:tbl>`,
  p('{#record.findings}'),
  p('{name}：{note}'),
  p('{/record.findings}'),
].join('');
const zip = new PizZip();
zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
const template = zip.generate({ type: 'nodebuffer' });

const findings = Array.from({ length: n }, (_, i) => ({ id: `f-${i}`, title: `发现 ${i}`, name: `存货盘点差异 ${i}`, amount: `${i * 10}.50`, note: '需要复核的会计分录与原始凭证' }));
const model = {
  app: { id: 'a', name: '审计平台' },
  subject: { id: 's', key: 'audit', name: 'Audit' },
  record: { id: 'r', title: '年度审计 2026', fee: '98765.40', start: '2026-03-01', findings, createdAt: '', updatedAt: '' },
  rows: null,
  labels: {},
  files: {},
  now: new Date().toISOString(),
  locale: 'zh-CN',
  schema: { fields: [], lists: { 'record.findings': { total: n, loaded: n, fields: [], name: 'Findings' } } },
};

const time = async () => {
  const t0 = performance.now();
  const { buffer, missing } = await renderDocx(template, model);
  if (missing.length) throw new Error(`missing: ${JSON.stringify(missing.slice(0, 3))}`);
  return { ms: performance.now() - t0, bytes: buffer.length };
};
const cold = await time();
const warm = [];
for (let i = 0; i < 10; i++) warm.push((await time()).ms);
warm.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bench: 'render-docx',
    rows: n,
    coldMs: Math.round(cold.ms),
    warmMedianMs: Math.round(warm[5]),
    warmMaxMs: Math.round(warm[9]),
    outputKB: Math.round(cold.bytes / 1024),
    targetMs: 500,
    loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10),
  }),
);
