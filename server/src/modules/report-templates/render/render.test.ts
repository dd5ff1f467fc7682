/**
 * The rendering engine without a database (liquid.ts, completeness.ts, pdf.ts, docx.ts, xlsx.ts):
 * each format rendered from one data model and read back (PDF text with pdfjs-dist, DOCX with
 * mammoth, XLSX with exceljs), Chinese included; the completeness check; the Liquid sandbox and the
 * PDF printer's network lock.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import PizZip from 'pizzip';
import { runsOnOneEngine } from '../../../test/engines';
import { closePdfBrowser, createTemplateEngine, pdfAvailability, renderDocx, renderHtml, renderPdf, renderXlsx, truncatedLists, type ReportDataModel } from './index';

runsOnOneEngine('pglite', 'rendering a data model is pure code: no query runs');

after(closePdfBrowser);

/** A model as buildDataModel gives it: a record with a related list (3 of 4 loaded when `truncated`). */
function modelOf(opts: { truncated?: boolean } = {}): ReportDataModel {
  const items = [
    { id: 'f-1', title: '存货盘点差异', name: '存货盘点差异', amount: '1200.50', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
    { id: 'f-2', title: 'Cut-off', name: 'Cut-off', amount: '80', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
    { id: 'f-3', title: 'Misc', name: null, amount: '5', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  ];
  return {
    app: { id: 'app-1', name: '审计平台' },
    subject: { id: 'sub-1', key: 'audit', name: 'Audit' },
    record: {
      id: 'rec-1',
      title: '年度审计 2026',
      label: '年度审计 2026',
      fee: '98765.4',
      start: '2026-03-01',
      note: null,
      findings: items,
      createdAt: '2026-02-01T08:00:00Z',
      updatedAt: '2026-02-02T08:00:00Z',
    },
    rows: null,
    labels: {},
    files: {},
    now: '2026-03-02T00:00:00Z',
    locale: 'zh-CN',
    schema: {
      fields: [
        { key: 'label', name: '标签', type: 'text' },
        { key: 'fee', name: 'Fee', type: 'money' },
        { key: 'start', name: 'Start', type: 'date' },
        { key: 'note', name: 'Note', type: 'text' },
        { key: 'findings', name: 'Findings', type: 'relation' },
      ],
      lists: {
        'record.findings': {
          total: opts.truncated ? 4 : 3,
          loaded: 3,
          name: 'Findings',
          fields: [
            { key: 'name', name: '名称', type: 'text' },
            { key: 'amount', name: 'Amount', type: 'money' },
          ],
        },
      },
    },
  };
}

const html = (body: string, partials: Record<string, string> = {}, model = modelOf(), locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  renderHtml({ body, partials, page: {} }, model, { locale });

test('HTML: filters in the reader\'s locale, escaping, partials, TOC and page snippets', async () => {
  const body = `<h1>{{ record.title }}</h1>{% include 'sign' %}<h2>Fee</h2><p>{{ record.fee | money: 'CNY' }} {{ record.fee | number: 1 }} {{ record.start | date_local: 'YYYY年M月D日' }} {{ record.start | date_local: 'MMMM D, YYYY' }}</p><p>{{ evil }}{{ evil | raw }}</p>`;
  const model = { ...modelOf(), evil: '<script>alert(1)</script>' } as ReportDataModel;
  const zh = await renderHtml({ body, partials: { sign: '<p>签字：{{ app.name }}</p>' }, page: { toc: true, size: 'A3', orientation: 'landscape', marginMm: 20, header: '{{ record.title }}', footer: '第 {{ page }} / {{ pages }} 页' } }, model, { locale: 'zh-CN' });
  assert.match(zh.html, /^<!DOCTYPE html>/);
  assert.match(zh.html, /@page \{ size: A3 landscape; margin: 20mm; \}/);
  assert.match(zh.html, /<p>签字：审计平台<\/p>/);
  assert.match(zh.html, /¥98,765.40 98,765.4 2026年3月1日 三月 1, 2026/);
  assert.match(zh.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;<script>/, 'escaped unless | raw');
  assert.match(zh.html, /<nav class="report-toc"><ol>\n<li class="l1"><a href="#sec-1">年度审计 2026<\/a><\/li>\n<li class="l2"><a href="#sec-2">Fee<\/a><\/li>/);
  assert.match(zh.html, /<h1 id="sec-1">年度审计 2026<\/h1>/);
  assert.match(zh.html, /<div class="report-page-footer">第 {2}\/ {2}页<\/div>/);
  const en = await html(`{{ record.fee | money: 'CNY' }}|{{ record.fee | money: 'USD' }}|{{ record.start | date_local: 'MMMM D, YYYY' }}`, {}, modelOf(), 'en-US');
  assert.match(en.html, /CN¥98,765.40\|\$98,765.40\|March 1, 2026/);
  assert.deepEqual(en.missing, []);
});

test('sandbox: no file is readable, no prototype or global is reachable', async () => {
  for (const tag of ['include', 'render', 'layout']) {
    for (const path of ['/etc/passwd', '../../package.json', 'secret.key', 'package.json', `${process.cwd()}/package.json`, 'file:///etc/passwd']) {
      await assert.rejects(html(`{% ${tag} '${path}' %}x`, { sign: 'ok' }), /Failed to lookup/, `${tag} ${path}`);
    }
  }
  // a partial by variable name also looks up only the map
  await assert.rejects(html(`{% assign p = '/etc/passwd' %}{% include p %}`), /Failed to lookup/);
  const probes = [
    '{{ constructor }}',
    '{{ record.constructor }}',
    '{{ record.__proto__ }}',
    '{{ record.constructor.constructor }}',
    '{{ record.findings.constructor }}',
    '{{ "a".constructor }}',
    '{{ record["__proto__"]["constructor"] }}',
    '{{ process }}{{ process.env }}{{ require }}{{ global }}{{ globalThis }}{{ module }}',
    '{% assign c = record.constructor %}{{ c.name }}',
    '{{ record.findings.first.toString }}{{ record.hasOwnProperty }}',
  ];
  for (const probe of probes) {
    const out = await html(probe);
    assert.match(out.html, /<main>\n\n<\/main>/, probe);
  }
  // a filter that is not registered fails the parse (strictFilters)
  for (const probe of ['{{ "a" | constructor }}', '{{ record | __proto__ }}', '{{ "x" | eval }}']) {
    await assert.rejects(html(probe), /undefined filter/, probe);
  }
  // a template may not loop forever or grow without bound
  await assert.rejects(html('{% for i in (1..100000000) %}{% for j in (1..1000) %}x{% endfor %}{% endfor %}'), /limit exceeded/);
  // an engine made for partials reads only them
  const engine = createTemplateEngine({ a: 'A' });
  assert.equal(await engine.parseAndRender("{% render 'a' %}"), 'A');
});

test('completeness: a missing field, a null in a loop row, a truncated loop, bad text', async () => {
  const complete = await html(
    "{{ record.label }}{% for f in record.findings %}{{ f.amount }}{{ f.name | default: '—' }}{% if f.name %}{{ f.name }}{% endif %}{% endfor %}{% unless record.note %}-{% endunless %}",
  );
  assert.deepEqual(complete.missing, []);
  const out = await html('{{ record.label }} {{ record.nosuch }} {{ record.note }}{% for f in record.findings %}<p>{{ f.name }}</p>{% endfor %}');
  assert.deepEqual(out.missing, [
    { recordId: 'rec-1', kind: 'unresolved', field: 'record.nosuch' },
    { recordId: 'rec-1', kind: 'unresolved', field: 'record.note' },
    { recordId: 'f-3', kind: 'unresolved', field: 'record.findings.name' },
  ]);
  const limited = await html('{% for f in record.findings limit: 2 %}{{ f.amount }}{% endfor %}{% for f in record.findings offset: 1 %}{% endfor %}');
  assert.deepEqual(limited.missing.map((m) => [m.kind, m.field, m.recordId]), [['truncated-loop', 'record.findings', 'rec-1']]);
  const enough = await html('{% for f in record.findings limit: 3 %}{{ f.amount }}{% endfor %}');
  assert.deepEqual(enough.missing, []);
  const truncated = await html('{% for f in record.findings %}{{ f.amount }}{% endfor %}', {}, modelOf({ truncated: true }));
  assert.deepEqual(truncated.missing, [{ recordId: 'rec-1', kind: 'truncated-loop', field: 'record.findings', detail: '3 of 4 rows loaded' }]);
  assert.deepEqual(truncatedLists(modelOf({ truncated: true })), [{ recordId: 'rec-1', kind: 'truncated-loop', field: 'record.findings', detail: '3 of 4 rows loaded' }]);
  assert.deepEqual(truncatedLists(modelOf()), []);
  const footer = await renderHtml({ body: 'x', partials: {}, page: { header: '{{ record.note }}', footer: '{{ page }} {{ record.label }}' } }, modelOf(), { locale: 'zh-CN' });
  assert.deepEqual(footer.missing, [{ recordId: 'rec-1', kind: 'unresolved', field: 'record.note' }], 'the header is checked; page numbers are not data');
  const bad = await html('{{ record.label }} NaN {{ "undefined" }}', {}, { ...modelOf() });
  assert.deepEqual(bad.missing.map((m) => [m.kind, m.field]), [['bad-text', 'NaN'], ['bad-text', 'undefined']]);
});

/** The text of every page of a PDF, pages joined with form feeds. */
async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: texts.join('\f') };
}

test('PDF: Chinese text, page numbers, and nothing loaded from the network or the disk', { skip: !pdfAvailability().available && 'no Chromium' }, async () => {
  const { html: doc, missing } = await renderHtml(
    {
      body: '<h1>{{ record.title }}</h1>{% for f in record.findings %}<p style="break-after: page">{{ f.title }} {{ f.amount | money }}</p>{% endfor %}',
      partials: {},
      page: { header: '{{ app.name }}', footer: '第 {{ page }} / {{ pages }} 页' },
    },
    modelOf(),
    { locale: 'zh-CN' },
  );
  assert.deepEqual(missing, []);
  const pdf = await renderPdf(doc, { header: 'x', footer: 'x' });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const { pages, text } = await pdfText(pdf);
  assert.equal(pages, 3);
  assert.ok(text.includes('年度审计 2026'), text);
  assert.ok(text.includes('存货盘点差异 ¥1,200.50'), text);
  assert.ok(text.includes('审计平台'), 'the header');
  // Noto CJK shares the glyph of 页 with the radical ⻚ (U+2EDA), which the PDF's text map then names
  assert.ok(text.includes('第 1 / 3 ') && text.includes('第 3 / 3 '), text);

  // a template's links to the network and the disk load nothing
  let requests = 0;
  const server = createServer((_req, res) => {
    requests += 1;
    res.end('LEAKED-FROM-SERVER');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const hostile = `<!DOCTYPE html><html><head><link rel="stylesheet" href="http://127.0.0.1:${port}/s.css"><style>@import url(http://127.0.0.1:${port}/i.css); body { background: url(http://127.0.0.1:${port}/bg.png) }</style></head><body>
<p>start</p>
<img src="http://169.254.169.254/latest/meta-data/"><img src="http://127.0.0.1:${port}/a.png"><img src="file:///etc/passwd">
<iframe src="file:///etc/passwd"></iframe><iframe src="http://127.0.0.1:${port}/frame"></iframe><object data="file:///etc/passwd"></object><embed src="file:///etc/hostname">
<script>document.write('SCRIPT-RAN')</script>
<p>end</p></body></html>`;
    const out = await renderPdf(hostile, {});
    const { text: hostileText } = await pdfText(out);
    assert.ok(hostileText.includes('start') && hostileText.includes('end'), hostileText);
    assert.ok(!/root:|LEAKED|SCRIPT-RAN/.test(hostileText), hostileText);
    assert.ok(!out.includes(Buffer.from('root:x:0')), 'no /etc/passwd bytes in the PDF');
    assert.equal(requests, 0, 'no request reached the server');
  } finally {
    server.close();
  }
});

/** A minimal .docx whose body is `paragraphs` (each one w:p of one run; `\n` in a text becomes separate runs). */
function docxOf(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' }) as Buffer;
}

test('DOCX: tags and loops over the model, Chinese, missing tags with their record', async () => {
  const template = docxOf(['{record.title}（{app.name}）', '{#record.findings}', '{name}: {amount} / {record.label}', '{/record.findings}', '{record.nosuch}{constructor}{record.__proto__}']);
  const { buffer, missing } = await renderDocx(template, modelOf());
  const { value } = await mammoth.extractRawText({ buffer });
  const lines = value.split('\n').filter(Boolean);
  assert.deepEqual(lines, ['年度审计 2026（审计平台）', '存货盘点差异: 1200.50 / 年度审计 2026', 'Cut-off: 80 / 年度审计 2026', ': 5 / 年度审计 2026']);
  assert.deepEqual(missing, [
    { recordId: 'rec-1', kind: 'unresolved', field: 'record.nosuch' },
    { recordId: 'rec-1', kind: 'unresolved', field: 'constructor' },
    { recordId: 'rec-1', kind: 'unresolved', field: 'record.__proto__' },
    { recordId: 'f-3', kind: 'unresolved', field: 'name' },
  ]);
  const truncated = await renderDocx(docxOf(['{#record.findings}{amount}{/record.findings}']), modelOf({ truncated: true }));
  assert.deepEqual(truncated.missing, [{ recordId: 'rec-1', kind: 'truncated-loop', field: 'record.findings', detail: '3 of 4 rows loaded' }]);
});

test('XLSX: the record\'s fields and its related list, headers from field names', async () => {
  const buffer = await renderXlsx(modelOf());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  assert.deepEqual(wb.worksheets.map((w) => w.name), ['年度审计 2026', 'Findings']);
  const values = (ws: ExcelJS.Worksheet) => ws.getSheetValues().filter(Boolean).map((r) => Array.from(r as unknown[]).slice(1));
  assert.deepEqual(values(wb.worksheets[0]!), [
    ['字段', '值'],
    ['ID', 'rec-1'],
    ['标签', '年度审计 2026'],
    ['Fee', 98765.4],
    ['Start', '2026-03-01'],
    ['Note'],
    ['Findings', '存货盘点差异, Cut-off, Misc'],
    ['创建时间', '2026-02-01T08:00:00Z'],
    ['更新时间', '2026-02-02T08:00:00Z'],
  ]);
  assert.deepEqual(values(wb.worksheets[1]!), [
    ['ID', '名称', 'Amount'],
    ['f-1', '存货盘点差异', 1200.5],
    ['f-2', 'Cut-off', 80],
    ['f-3', undefined, 5],
  ]);
});
