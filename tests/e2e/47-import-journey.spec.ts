/**
 * An import journey with real data (tests/fixtures, README there), as the administrator of
 * 00-walking-skeleton on an application of its own (unique slug per run, set up through the API):
 * - the package list CSV (dpkg-query extract, 200 rows) is inserted: the mapping lists the file's
 *   columns in the file's order;
 * - a modified extract (10 versions changed, 5 new packages, one new package with a bad size) is
 *   imported again choosing upsert — the unique field `package` proposed as the key — BEFORE the
 *   dry run: its figures have no false "value already used", the bad row is skipped, the records
 *   change; the history (1280 px wide) shows the batch's two actions inside the table; Undo puts
 *   the records back;
 * - the ISO 639-3 extract of iso-codes (rows under the key "639-3") is offered as that array,
 *   read, checked (items numbered from 1), then left unrun and removed from the history;
 * - a viewer of the application is told they cannot import.
 * Screenshots: tests/e2e/screenshots/import-journey-*.png.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test, unexpected } from './fixtures';
import { chooseOption, openSelect, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const FIXTURES = path.resolve(__dirname, '../fixtures');
const RUN = Date.now().toString(36);
const APP = { slug: `journey-${RUN}`, name: `导入旅程 ${RUN}` };
const VIEWER = { name: '只读成员', email: `viewer.${RUN}@example.com`, password: 'Viewer-e2e-2026' };
const HEADERS = ['package', 'version', 'section', 'priority', 'installed_size'];
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/import-journey-${name}.png`, fullPage: true });

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: AUTH_HEADERS, data: data === undefined ? undefined : JSON.stringify(data) });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The records of `subject` (at most 100 matching `q`) as the signed-in user, and how many match. */
async function records(page: Page, subject: string, q = ''): Promise<{ total: number; data: { values: Record<string, unknown> }[] }> {
  const res = await page.request.get(`/api/v1/applications/${APP.slug}/subjects/${subject}/records?pageSize=100${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  return (await res.json()) as { total: number; data: { values: Record<string, unknown> }[] };
}

/** Chooses the subject by name on /:app/import and uploads `file`. */
async function upload(page: Page, subjectName: string, file: string) {
  await chooseOption(page, (await openSelect(page, page.getByTestId('import-subject'))).getByText(subjectName, { exact: true }));
  await page.getByTestId('import-wizard').locator('input[type=file]').setInputFiles(file);
}

test('import journey: insert, upsert with its key chosen before the dry run, undo; a JSON array under a key; removal; a viewer', async ({ page, problems }, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await api(page, 'POST', '/api/v1/applications', APP);
  const text = (key: string, unique = false) => ({ key, name: key, type: 'text', options: {}, required: unique, unique });
  await api(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    key: 'packages',
    name: '软件包',
    displayField: 'package',
    fields: [text('package', true), text('version'), text('section'), text('priority'), { key: 'installed_size', name: 'installed_size', type: 'number', options: {}, required: false, unique: false }],
  });
  await api(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    key: 'languages',
    name: '语言',
    displayField: 'name',
    fields: [text('alpha_3', true), text('name'), text('scope'), text('type')],
  });

  // 1. insert the package list: the mapping lists the columns in the file's order
  const packagesCsv = path.join(FIXTURES, 'packages.csv');
  const packages = Papa.parse<string[]>(readFileSync(packagesCsv, 'utf8'), { skipEmptyLines: true }).data.slice(1);
  await page.goto(`/${APP.slug}/import`);
  await upload(page, '软件包', packagesCsv);
  const mapping = page.getByTestId('import-mapping');
  await expect(mapping.locator('tbody tr td:first-child')).toHaveText(HEADERS);
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-mode')).toBeVisible();
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-counts')).toContainText(String(packages.length));
  await expect(page.getByTestId('import-no-errors')).toBeVisible();
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toContainText(`新增 ${packages.length}`, { timeout: 30_000 });
  expect((await records(page, 'packages')).total).toBe(packages.length);

  // 2. a modified extract, upsert by the proposed unique key chosen before the dry run
  const changed = packages.slice(0, 10).map((r) => r[0]);
  const modified = [
    ...packages.map((r, i) => (i < 10 ? [r[0], `${r[1]}+e2e`, ...r.slice(2)] : r)),
    ...[1, 2, 3, 4, 5].map((n) => [`journey-new-${n}`, `${n}.0`, 'misc', 'optional', String(n * 10)]),
    ['journey-bad', '1.0', 'misc', 'optional', 'lots'],
  ];
  const modifiedCsv = info.outputPath('packages-modified.csv');
  writeFileSync(modifiedCsv, Papa.unparse([HEADERS, ...modified]));
  await page.getByTestId('import-again').click();
  await page.getByTestId('import-wizard').locator('input[type=file]').setInputFiles(modifiedCsv);
  await expect(mapping).toBeVisible();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-mode').getByText(/插入或更新|Upsert/).click();
  await expect(page.getByTestId('import-key-fields')).toContainText('package');
  await shot(page, 'mode');
  await page.getByTestId('import-check').click();
  const counts = page.getByTestId('import-counts');
  await expect(counts).toContainText(String(modified.length));
  await expect(counts.locator('.ant-statistic').nth(1)).toContainText(String(modified.length - 1));
  await expect(counts.locator('.ant-statistic').nth(2)).toContainText('1');
  const errors = page.getByTestId('import-errors');
  await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(errors).toContainText('installed_size');
  await expect(errors).not.toContainText(/已被其他记录使用|already has this value/);
  await expect(page.getByTestId('import-checked-with')).toContainText('package');
  await shot(page, 'dry-run');
  await page.getByTestId('import-on-error').getByText(/跳过错误行|Skip the bad rows/).click();
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toContainText('新增 5，更新 10', { timeout: 30_000 });
  const after = await records(page, 'packages', changed[0]);
  expect(after.data.find((r) => r.values.package === changed[0])?.values.version).toBe(`${packages[0][1]}+e2e`);
  expect((await records(page, 'packages')).total).toBe(packages.length + 5);

  // the history at 1280 px: the upsert's two actions (error report, undo) stay inside the table
  const history = page.getByTestId('import-history');
  const row = history.locator('tbody tr.ant-table-row', { hasText: 'packages-modified.csv' });
  await expect(row.getByTestId('import-undo')).toBeVisible();
  const table = (await history.boundingBox())!;
  const undo = (await row.getByTestId('import-undo').boundingBox())!;
  expect(undo.x + undo.width).toBeLessThanOrEqual(table.x + table.width);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'history');

  // undo: the records are back
  await page.getByTestId('import-result').getByTestId('import-undo').click();
  await page.getByTestId('undo-confirm').click();
  await expect(page.getByTestId('import-result').getByTestId('import-undo')).toHaveCount(0);
  expect((await records(page, 'packages')).total).toBe(packages.length);
  const back = await records(page, 'packages', changed[0]);
  expect(back.data.find((r) => r.values.package === changed[0])?.values.version).toBe(packages[0][1]);

  // 3. iso-codes' JSON: the array under "639-3" is offered and read; items numbered from 1
  await page.getByTestId('import-again').click();
  await upload(page, '语言', path.join(FIXTURES, 'iso-639-3.json'));
  const pick = page.getByTestId('import-json-pick');
  await expect(pick).toContainText('639-3');
  await expect(page.getByTestId('import-json-path')).toContainText('639-3');
  await shot(page, 'json-pick');
  await page.getByTestId('import-json-read').click();
  await expect(mapping.locator('tbody tr td:first-child')).toHaveText(['alpha_3', 'name', 'scope', 'type']);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-counts')).toContainText('45');
  await expect(page.getByTestId('import-preview').locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText('1');
  await expect(page.getByTestId('import-wizard')).toContainText(/第一个对象为 1|first object is 1/);

  // left unrun: removed from the history after a confirmation
  await page.reload();
  const unrun = history.locator('tbody tr.ant-table-row', { hasText: 'iso-639-3.json' });
  await unrun.getByTestId('import-remove').click();
  await page.getByTestId('import-remove-confirm').click();
  await expect(unrun).toHaveCount(0);
  await expect(page.getByTestId('import-history-expiry')).toContainText('7');

  // 4. a viewer is told they cannot import, with no word about records
  expect((await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: VIEWER })).status()).toBe(201);
  await api(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: VIEWER.email, role: 'viewer' });
  await page.context().clearCookies();
  await signIn(page, VIEWER);
  await page.goto(`/${APP.slug}/import`);
  await expect(page.getByTestId('import-viewer')).toContainText(/查看者|viewer/);
  await expect(page.getByTestId('import-viewer')).not.toContainText(/记录|record/i);
  await expect(page.getByTestId('import-subject')).toHaveCount(0);
  await shot(page, 'viewer');
  // the JSON object's upload is answered 400 with the arrays to pick from (said on the page)
  expect(unexpected(problems, [{ url: /\/subjects\/languages\/imports$/, status: 400 }])).toEqual([]);
});
