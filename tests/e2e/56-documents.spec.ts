/**
 * Documents (the evidence store) in the browser, as a new user: the administrator of
 * 00-walking-skeleton makes the user the owner of an application of their own with the documents
 * module; the user opens /:app/files, creates a folder, drops a PDF and a DOCX at once (both built
 * here: a one-page PDF with a text line written by hand, a DOCX zipped with pizzip), sees both
 * listed with version 1, previews the PDF (pdfjs draws the page; its text is read) and the DOCX
 * (docx-preview shows its paragraph), then uploads a file of the same name again and sees version
 * 2, and opens the detail drawer with both versions. Screenshots: /tmp/shots-docs-web/*.png, the
 * files page in both languages.
 */
import type { Page } from '@playwright/test';
import PizZip from 'pizzip';
import { expect, test } from './fixtures';
import { isoDateIn, signIn, switchLanguage, typeDate } from './actions';
import { AUTH_HEADERS } from './support';

const USER = { name: '文档测试用户', email: 'documents.e2e@example.com', password: 'Documents-e2e-2026' };
const APP = { slug: 'documents-e2e', name: '文档测试', modules: ['documents'] };
const PDF_TEXT = 'Evidence of the bank confirmation';
const DOCX_TEXT = '函证回函与账面一致';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-docs-web/${name}.png`, fullPage: true });

/** A one-page PDF 1.4 with `text` in Helvetica (objects, xref offsets and trailer written out). */
function pdfWith(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A minimal DOCX (content types, package relationship, one paragraph of `text`). */
function docxWith(text: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

const PDF = { name: 'bank-confirmation.pdf', mimeType: 'application/pdf', buffer: pdfWith(PDF_TEXT) };
const DOCX = {
  name: '函证回函.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: docxWith(DOCX_TEXT),
};

test('documents: a folder, a PDF and a DOCX dropped at once, both previewed, a second version', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  expect([201, 409]).toContain((await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: USER })).status());
  expect([201, 409]).toContain((await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: APP })).status());
  await page.request.post(`/api/v1/applications/${APP.slug}/members`, {
    headers: AUTH_HEADERS,
    data: { email: USER.email, role: 'owner' },
  });

  await signIn(page, USER);
  await page.goto(`/${APP.slug}/files`);
  await expect(page.getByTestId('folder-tree')).toBeVisible();
  await expect(page.getByTestId('documents-table')).toBeVisible();
  await shot(page, 'files-empty-zh');

  // a folder of its own (a name no earlier run used), selected once created
  const folder = `证据 ${Date.now()}`;
  await page.getByTestId('folder-new').click();
  await page.getByTestId('folder-name').fill(folder);
  await page.getByTestId('folder-save').click();
  await expect(page.getByTestId(`folder-${folder}`)).toBeVisible();

  // two files at once into it
  await page.getByTestId('documents-upload').locator('input[type=file]').setInputFiles([PDF, DOCX]);
  const table = page.getByTestId('documents-table');
  const pdfRow = table.locator('tr', { hasText: PDF.name });
  const docxRow = table.locator('tr', { hasText: DOCX.name });
  await expect(pdfRow.getByTestId('document-version')).toHaveText('v1', { timeout: 15_000 });
  await expect(docxRow.getByTestId('document-version')).toHaveText('v1');
  await shot(page, 'files-uploaded-zh');

  // the PDF's preview: pdfjs draws the page and reads its text
  await pdfRow.getByTestId('document-preview').click();
  await expect(page.getByTestId('preview-pdf')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('preview-pdf-page')).toContainText('1');
  await expect(page.getByTestId('preview-pdf-text')).toContainText(PDF_TEXT);
  await shot(page, 'preview-pdf');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('preview-modal')).toBeHidden();

  // the DOCX's preview: its paragraph as text
  await docxRow.getByTestId('document-preview').click();
  await expect(page.getByTestId('preview-docx')).toContainText(DOCX_TEXT, { timeout: 15_000 });
  await shot(page, 'preview-docx');
  await page.keyboard.press('Escape');

  // the same file name again: the PDF's version 2
  await page
    .getByTestId('documents-upload')
    .locator('input[type=file]')
    .setInputFiles({ ...PDF, buffer: pdfWith(`${PDF_TEXT}, second`) });
  await expect(pdfRow.getByTestId('document-version')).toHaveText('v2', { timeout: 15_000 });
  await expect(table.locator('tr', { hasText: PDF.name })).toHaveCount(1);

  // the detail drawer lists both versions
  await pdfRow.getByTestId('document-link').click();
  const drawer = page.getByTestId('document-detail');
  await expect(drawer.getByTestId('document-title')).toContainText('bank-confirmation', { timeout: 10_000 });
  await expect(drawer.getByTestId('document-versions').locator('tbody tr')).toHaveCount(2);
  await shot(page, 'detail-zh');
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'en-US');
  await expect(page.getByTestId('folder-all')).toHaveText('All documents');
  await shot(page, 'files-en');
});

test("documents: the console's store — a Markdown and a CSV previewed, the detail page with a legal hold and a share link", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/admin/document');
  await expect(page.getByTestId('documents-table')).toBeVisible();
  const stamp = Date.now();
  const md = {
    name: `notes-${stamp}.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Walkthrough\n\nThe **cash count** matched.\n\n<script>window.bad = 1</script>\n'),
  };
  const csv = { name: `ledger-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from('account,amount\ncash,100\nbank,250\n') };
  await page.getByTestId('documents-upload').locator('input[type=file]').setInputFiles([md, csv]);
  const table = page.getByTestId('documents-table');
  await expect(table.locator('tr', { hasText: csv.name }).getByTestId('document-version')).toHaveText('v1', { timeout: 15_000 });

  // Markdown: rendered, the script removed
  await table.locator('tr', { hasText: md.name }).getByTestId('document-preview').click();
  await expect(page.getByTestId('preview-markdown').locator('h1')).toHaveText('Walkthrough');
  await expect(page.getByTestId('preview-markdown').locator('script')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // CSV: a table
  await table.locator('tr', { hasText: csv.name }).getByTestId('document-preview').click();
  await expect(page.getByTestId('preview-csv')).toContainText('bank');
  await shot(page, 'preview-csv');
  await page.keyboard.press('Escape');

  // the detail page: a legal hold with its reason, then a share link shown once
  await table.locator('tr', { hasText: csv.name }).getByTestId('document-link').click();
  await expect(page).toHaveURL(/\/admin\/document\/[0-9a-f-]+$/);
  await page.getByTestId('hold-set').click();
  await page.getByTestId('hold-reason').fill('Litigation 2026-14');
  await page.getByRole('dialog').getByRole('button', { name: '设为法律保全' }).click();
  await expect(page.getByTestId('document-hold-card')).toContainText('Litigation 2026-14');
  await page.getByTestId('share-new').click();
  await typeDate(page, page.getByTestId('share-expires'), isoDateIn(7));
  await page.getByRole('dialog').getByRole('button', { name: /^创\s?建$/ }).click();
  await expect(page.getByTestId('share-url')).toContainText('/api/v1/document-shares/content?token=');
  await shot(page, 'share-created');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('document-shares').locator('tbody tr')).toHaveCount(1);
  await shot(page, 'detail-console');
});
