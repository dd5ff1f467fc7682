/**
 * Report templates end to end, after 00-walking-skeleton (application audit-2026), as a new
 * administrator the first one makes. Through the API only the set-up: a subject "rt_findings"
 * (title, severity) and a subject "rt_audits" (title, and a relation `findings` to many findings)
 * with one audit linked to two findings. Then in the browser:
 *  1. /audit-2026/report_template/create: a template on rt_audits with its related list `findings`;
 *     the editor opens with a starter body looping over the findings;
 *  2. an edit (a field that has no value, picked from the field picker) shows in the live preview
 *     (a sandboxed iframe) with the completeness list naming it; saved as version 2;
 *  3. a Word template uploaded (version 3); PDF and DOCX rendered: each render is done, complete
 *     or not, and its stored document downloads (a PDF, a Word file);
 *  4. /admin/template lists it under its application; its detail shows versions and renders;
 *  5. the subject's grid: two records selected, "生成报告" with the template as HTML, one ZIP
 *     document holding a file per record;
 *  6. a template bound to a saved record query of the audits: previewed over the query's rows and
 *     rendered as XLSX (a render of no record).
 * Screenshots: /tmp/shots-templates/*.png.
 */
import type { Page } from '@playwright/test';
import PizZip from 'pizzip';
import { expect, test } from './fixtures';
import { apiJson, pickIn, signIn } from './actions';
import { APP, AUTH_HEADERS } from './support';

/** The new user of this journey: an administrator the first one makes. */
const AUTHOR = { name: '模板作者', email: 'templates.author@example.com', password: 'Templates-author-2026' };

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-templates/${name}.png`, fullPage: true });
const subjects = `/api/v1/applications/${APP.slug}/subjects`;

/** A small Word document with docxtemplater tags: the audit's title and a loop over its findings. */
function wordTemplate(): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>{record.title}</w:t></w:r></w:p><w:p><w:r><w:t>{#record.findings}{title} {/record.findings}</w:t></w:r></w:p></w:body></w:document>',
  );
  return zip.generate({ type: 'nodebuffer' });
}

test('report templates: a template over a related list, previewed, rendered as PDF and DOCX, stored as documents', async ({ page }) => {
  test.setTimeout(240_000);
  // the first administrator makes a new administrator, who does everything below
  await signIn(page);
  const made = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...AUTHOR, isAdmin: true } });
  expect([201, 409]).toContain(made.status());
  await signIn(page, AUTHOR);
  const stamp = Date.now();
  const findingsKey = `rt_findings_${stamp % 100000}`;
  const auditsKey = `rt_audits_${stamp % 100000}`;
  const findings = await apiJson<{ id: string }>(page, 'POST', subjects, {
    key: findingsKey,
    name: `发现 ${stamp % 100000}`,
    displayField: 'title',
    fields: [
      { key: 'title', name: '标题', type: 'text', required: true },
      { key: 'severity', name: '严重程度', type: 'text' },
    ],
  });
  const audits = await apiJson<{ id: string }>(page, 'POST', subjects, {
    key: auditsKey,
    name: `审计 ${stamp % 100000}`,
    displayField: 'title',
    fields: [
      { key: 'title', name: '标题', type: 'text', required: true },
      { key: 'owner_note', name: '负责人备注', type: 'text' },
      { key: 'findings', name: '发现', type: 'relation', options: { targetSubjectId: findings.id, multiple: true } },
    ],
  });
  const addFinding = async (title: string) =>
    (await apiJson<{ record: { id: string } }>(page, 'POST', `${subjects}/${findingsKey}/records`, { values: { title, severity: '高' } })).record.id;
  const f1 = await addFinding('门禁未上锁');
  const f2 = await addFinding('日志缺失');
  await apiJson(page, 'POST', `${subjects}/${auditsKey}/records`, { values: { title: '第三季度审计', findings: [f1, f2] } });

  // 1. create on the subject with its related list
  await page.goto(`/${APP.slug}/report_template/create`);
  await page.getByTestId('template-name').fill(`审计报告 ${stamp}`);
  await pickIn(page, 'template-subject', `审计 ${stamp % 100000}`);
  await page.getByTestId('template-relations').getByText('发现 (findings)').click();
  await shot(page, '1-create');
  await page.getByTestId('template-create-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${APP.slug}/report_template/[0-9a-f-]{36}$`));
  const templateId = page.url().split('/').pop()!;
  await expect(page.getByTestId('template-body')).toHaveValue(/{% for item in record\.findings %}/);

  // 2. the preview of the starter body: the audit and both findings
  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.locator('h1')).toContainText('第三季度审计', { timeout: 15_000 });
  await expect(frame.locator('td', { hasText: '门禁未上锁' })).toBeVisible();
  await expect(frame.locator('td', { hasText: '日志缺失' })).toBeVisible();
  // owner_note has no value: the completeness list names it
  await expect(page.getByTestId('template-missing')).toContainText('record.owner_note');
  await shot(page, '2-editor-preview');
  // an edit at the end of the body, previewed before it is saved
  const body = page.getByTestId('template-body');
  await body.click();
  await page.keyboard.press('Control+End');
  await body.pressSequentially('\n<p class="sign">签字：{{ record.title }}</p>');
  await expect(frame.locator('p.sign')).toContainText('签字：第三季度审计', { timeout: 15_000 });
  await page.keyboard.press('Control+s');
  await expect(page.getByText('已保存为第 2 版')).toBeVisible();

  // 3. the Word template, then PDF and DOCX renders stored as documents
  await page.getByRole('button', { name: /Word 模板/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('template-docx-upload').click();
  await (await chooser).setFiles({ name: '审计报告.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: wordTemplate() });
  await expect(page.getByText('Word 模板已保存为第 3 版')).toBeVisible();
  await expect(page.getByTestId('template-render-pdf')).toBeEnabled();
  await page.getByTestId('template-render-pdf').click();
  await expect(page.getByTestId('render-state-pdf')).toHaveText('已完成', { timeout: 60_000 });
  await page.getByTestId('template-render-docx').click();
  await expect(page.getByTestId('render-state-docx')).toHaveText('已完成', { timeout: 60_000 });
  await shot(page, '3-rendered');
  for (const [format, type] of [
    ['pdf', 'application/pdf'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const) {
    const href = await page.getByTestId(`render-document-${format}`).first().getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain(type);
    const bytes = await res.body();
    if (format === 'pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    else expect(new PizZip(bytes).file('word/document.xml')!.asText()).toContain('门禁未上锁');
  }

  // 4. the console's list and detail
  await page.goto('/admin/template');
  await expect(page.getByTestId('templates-table')).toContainText(`审计报告 ${stamp}`);
  await expect(page.getByTestId('templates-table')).toContainText(APP.slug);
  await shot(page, '4-admin-list');
  await page.goto(`/admin/template/${templateId}`);
  await expect(page.getByTestId('template-properties')).toContainText('审计报告.docx');
  await expect(page.getByTestId('template-versions')).toContainText('v3');
  await expect(page.getByTestId('template-renders')).toContainText('已完成');
  await shot(page, '5-admin-detail');

  // 5. the grid's selection: two audits rendered at once, one ZIP document with a file each
  await apiJson(page, 'POST', `${subjects}/${auditsKey}/records`, { values: { title: '第四季度审计', findings: [f2] } });
  await page.goto(`/${APP.slug}/${auditsKey}`);
  const rows = page.getByTestId('records-grid').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
  await page.getByTestId('render-records').hover();
  await page.getByRole('menuitem', { name: `审计报告 ${stamp}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('为所选的 2 条记录各生成一份报告，合为一个 ZIP 文档保存。')).toBeVisible();
  await dialog.getByText('HTML', { exact: true }).click();
  await shot(page, '6-grid-render');
  await dialog.getByRole('button', { name: '生 成' }).or(dialog.getByRole('button', { name: '生成' })).click();
  await expect(page.getByText(/正在将 2 条记录生成为 HTML/)).toBeVisible();
  let zipHref = '';
  await expect(async () => {
    const renders = await apiJson<{ state: string; recordIds: string[]; documentId: string | null; documentVersion: number | null }[]>(
      page,
      'GET',
      `/api/v1/report-templates/${templateId}/renders`,
    );
    expect([renders[0].state, renders[0].recordIds.length]).toEqual(['done', 2]);
    zipHref = `/api/v1/documents/${renders[0].documentId}/versions/${renders[0].documentVersion}/content`;
  }).toPass({ timeout: 60_000 });
  const zip = new PizZip(await (await page.request.get(zipHref)).body());
  const names = Object.keys(zip.files).sort();
  expect(names).toHaveLength(2);
  expect(names.every((n) => n.endsWith('.html'))).toBe(true);
  expect(names.map((n) => zip.file(n)!.asText()).join()).toContain('第四季度审计');

  // 6. a template bound to a saved record query: its preview and its XLSX are the query's rows
  await apiJson(page, 'POST', '/api/v1/record-queries', { name: `全部审计 ${stamp}`, definition: { subjectId: audits.id, columns: ['title'] } });
  await page.goto(`/${APP.slug}/report_template/create`);
  await page.getByTestId('template-name').fill(`审计清单 ${stamp}`);
  await pickIn(page, 'template-subject', `审计 ${stamp % 100000}`);
  await pickIn(page, 'template-query', `全部审计 ${stamp}`);
  await page.getByTestId('template-create-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${APP.slug}/report_template/[0-9a-f-]{36}$`));
  const listId = page.url().split('/').pop()!;
  await expect(page.getByTestId('template-preview-record')).toContainText('查询结果各行');
  await expect(frame.locator('h1')).toContainText(`全部审计 ${stamp} (2)`, { timeout: 15_000 });
  await expect(frame.locator('td', { hasText: '第四季度审计' })).toBeVisible();
  await shot(page, '7-query-template');
  // (scrolled to and hovered first: the layout's header settles while the page scrolls)
  const xlsx = page.getByTestId('template-render-xlsx');
  await xlsx.scrollIntoViewIfNeeded();
  await xlsx.hover();
  await xlsx.click();
  await expect(page.getByTestId('render-state-xlsx')).toHaveText('已完成', { timeout: 60_000 });
  const renders = await apiJson<{ recordIds: string[] | null }[]>(page, 'GET', `/api/v1/report-templates/${listId}/renders`);
  expect(renders.map((r) => r.recordIds)).toEqual([null]);
});
