/**
 * Import and export in the browser, as a new user (owner of an application of their own,
 * made through the API by the administrator of 00-walking-skeleton): the country list of Debian's
 * `iso-codes` package (a copy in tests/fixtures/iso_3166-1.json) is
 * imported through the wizard of /:app/import three times — as JSON (insert, then undone), as CSV
 * converted by this test with papaparse (insert) and as XLSX converted with exceljs (upsert by
 * alpha_2: nothing changes) — then a CSV with bad rows: the dry run lists every bad row, the
 * all-or-nothing run refuses, the error report is downloaded and read, the bad rows are skipped,
 * and the import is undone (confirmed). Finally the grid exports XLSX of a quick search with the
 * visible columns, read back with exceljs. Last, a CSV naming owners by e-mail and name and
 * clients by name: the preview shows the names, the records hold the ids.
 * Screenshots: tests/e2e/screenshots/import-*.png.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test, unexpected } from './fixtures';
import { chooseOption, openSelect, signIn } from './actions';
import { AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const ISO = 'tests/fixtures/iso_3166-1.json';
const USER = { name: '导入测试用户', email: 'importer.e2e@example.com', password: 'Import-e2e-2026' };
const APP = { slug: 'import-e2e', name: '导入测试' };
const SUBJECT = { key: 'countries', name: '国家' };
const KEYS = ['alpha_2', 'alpha_3', 'name', 'numeric', 'official_name'] as const;
type Country = Partial<Record<(typeof KEYS)[number], string>>;
const countries = (JSON.parse(readFileSync(ISO, 'utf8')) as { '3166-1': Country[] })['3166-1'];
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/import-${name}.png`, fullPage: true });

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: AUTH_HEADERS, data: data === undefined ? undefined : JSON.stringify(data) });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** How many live records the subject has (through the API, as the signed-in user). */
async function recordCount(page: Page): Promise<number> {
  const res = await page.request.get(`/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}/records?pageSize=1`);
  return ((await res.json()) as { total: number }).total;
}

/** Opens /:app/import with the subject chosen (by name) and uploads `file`. */
async function upload(page: Page, file: string, subjectName = SUBJECT.name) {
  await page.goto(`/${APP.slug}/import`);
  await chooseOption(page, (await openSelect(page, page.getByTestId('import-subject'))).getByText(subjectName, { exact: true }));
  await page.getByTestId('import-wizard').locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('import-mapping')).toBeVisible();
}

/** From the mapping step to the mode step, then the dry run with the mode chosen there (insert unless told). */
async function toCheck(page: Page, chooseMode?: () => Promise<void>) {
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-mode')).toBeVisible();
  await chooseMode?.();
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-counts')).toBeVisible();
  await expect(page.getByTestId('import-preview')).toBeVisible();
}

/** Starts the run and waits for the result. */
async function run(page: Page) {
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 60_000 });
}

test('the administrator makes a new user the owner of an application with a country subject', async ({ page }) => {
  await signIn(page);
  const users = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: USER });
  expect([201, 409]).toContain(users.status());
  const apps = await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: APP });
  expect([201, 409]).toContain(apps.status());
  await page.request.post(`/api/v1/applications/${APP.slug}/members`, { headers: AUTH_HEADERS, data: { email: USER.email, role: 'owner' } });
  const subject = await page.request.get(`/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`);
  if (subject.status() === 404) {
    await api(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      key: SUBJECT.key,
      name: SUBJECT.name,
      displayField: 'name',
      fields: KEYS.map((key) => ({ key, name: key, type: 'text', options: {}, required: key === 'alpha_2' || key === 'name', unique: key === 'alpha_2' })),
    });
  }
});

test('JSON of iso-codes: auto-mapped, checked, inserted, then undone', async ({ page, problems }, info) => {
  const file = info.outputPath('countries.json');
  writeFileSync(file, JSON.stringify(countries));
  await signIn(page, USER);
  await upload(page, file);
  for (const key of KEYS) await expect(page.getByTestId(`map-${key}`)).toContainText(key);
  await shot(page, 'mapping');
  await toCheck(page);
  await expect(page.getByTestId('import-counts')).toContainText(String(countries.length));
  await run(page);
  await expect(page.getByTestId('import-result')).toContainText(String(countries.length));
  expect(await recordCount(page)).toBe(countries.length);
  await shot(page, 'result');
  await page.getByTestId('import-result').getByTestId('import-undo').click();
  await page.getByTestId('undo-confirm').click();
  await expect(page.getByTestId('import-result').getByTestId('import-undo')).toHaveCount(0);
  expect(await recordCount(page)).toBe(0);
  expect(unexpected(problems)).toEqual([]);
});

test('CSV (papaparse) inserts, XLSX (exceljs) upserts by alpha_2 and changes nothing', async ({ page, problems }, info) => {
  const csv = info.outputPath('countries.csv');
  writeFileSync(csv, Papa.unparse(countries.map((c) => KEYS.map((k) => c[k] ?? '')), { header: false }).replace(/^/, `${KEYS.join(',')}\r\n`));
  await signIn(page, USER);
  await upload(page, csv);
  await toCheck(page);
  await run(page);
  expect(await recordCount(page)).toBe(countries.length);

  const xlsx = info.outputPath('countries.xlsx');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('3166-1');
  ws.addRow([...KEYS]);
  for (const c of countries) ws.addRow(KEYS.map((k) => c[k] ?? ''));
  await wb.xlsx.writeFile(xlsx);
  await upload(page, xlsx);
  await toCheck(page, async () => {
    await page.getByTestId('import-mode').getByText(/插入或更新|Upsert/).click();
    // the unique mapped field is proposed as the key
    await expect(page.getByTestId('import-key-fields')).toContainText('alpha_2');
  });
  await expect(page.getByTestId('import-no-errors')).toBeVisible();
  await run(page);
  const batch = (await api<{ unchanged: number; inserted: number }[]>(page, 'GET', `/api/v1/applications/${APP.slug}/imports?pageSize=1`))[0];
  expect([batch.unchanged, batch.inserted]).toEqual([countries.length, 0]);
  expect(await recordCount(page)).toBe(countries.length);
  expect(unexpected(problems)).toEqual([]);
});

test('a CSV with bad rows: dry run errors, refused all-or-nothing, error report, skip bad rows, undo', async ({ page, problems }, info) => {
  const bad = info.outputPath('bad.csv');
  writeFileSync(bad, ['alpha_2,name,numeric', 'X1,Xland,900', 'X2,,901', 'CN,Taken,156', 'X1,Twice,902', 'X3,Okland,903'].join('\n'));
  await signIn(page, USER);
  await upload(page, bad);
  await toCheck(page);
  await expect(page.getByTestId('import-errors')).toBeVisible();
  await expect(page.getByTestId('import-errors').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await shot(page, 'dry-run-errors');
  await run(page);
  // all or nothing: refused, nothing written; the report names each bad row
  expect(await recordCount(page)).toBe(countries.length);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-report').click()]);
  const report = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(report.slice(1).map((r) => [r[0], r[1]])).toEqual([
    ['3', 'name'],
    ['4', 'alpha_2'],
    ['5', 'alpha_2'],
  ]);
  await page.getByTestId('import-result').getByTestId('import-back').click();
  await page.getByTestId('import-on-error').getByText(/跳过错误行|Skip the bad rows/).click();
  await run(page);
  await expect(page.getByTestId('import-result')).toContainText(/新增 2|2 inserted/);
  expect(await recordCount(page)).toBe(countries.length + 2);
  await page.getByTestId('import-result').getByTestId('import-undo').click();
  await page.getByTestId('undo-confirm').click();
  await expect(page.getByTestId('import-result').getByTestId('import-undo')).toHaveCount(0);
  expect(await recordCount(page)).toBe(countries.length);
  await expect(page.getByTestId('import-history')).toContainText('bad.csv');
  await shot(page, 'history');
  expect(unexpected(problems, [{ url: /\/api\/v1\/imports\/.+\/run$/, status: 409 }])).toEqual([]);
});

test('the grid exports XLSX of its quick search with its visible columns, read back', async ({ page, problems }) => {
  await signIn(page, USER);
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await page.getByTestId('records-search').fill('Korea');
  await page.getByTestId('records-search').press('Enter');
  await expect(page.getByTestId('records-grid').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.getByTestId('records-export').hover();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('XLSX (Excel)').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const sheet = wb.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...KEYS]);
  const names = [2, 3].map((r) => String(sheet.getRow(r).getCell(3).value)).sort();
  expect(sheet.rowCount).toBe(3);
  expect(names.every((n) => n.includes('Korea'))).toBe(true);
  await shot(page, 'grid-export');
  expect(unexpected(problems)).toEqual([]);
});

test('owners by e-mail or name and clients by name: the preview shows who and which, the records hold their ids', async ({ page, problems }, info) => {
  await signIn(page, USER);
  const base = `/api/v1/applications/${APP.slug}/subjects`;
  const exists = async (key: string) => (await page.request.get(`${base}/${key}`)).status() === 200;
  if (!(await exists('clients'))) {
    await api(page, 'POST', base, {
      key: 'clients',
      name: '客户',
      displayField: 'name',
      fields: [{ key: 'name', name: 'name', type: 'text', options: {}, required: true, unique: false }],
    });
    for (const name of ['Acme Ltd', 'Beta Co']) await api(page, 'POST', `${base}/clients/records`, { values: { name } });
  }
  const clients = await api<{ id: string }>(page, 'GET', `${base}/clients`);
  if (!(await exists('engagements'))) {
    await api(page, 'POST', base, {
      key: 'engagements',
      name: '项目',
      displayField: 'title',
      fields: [
        { key: 'title', name: 'title', type: 'text', options: {}, required: true, unique: false },
        { key: 'owner', name: 'owner', type: 'user', options: {}, required: false, unique: false },
        { key: 'client', name: 'client', type: 'relation', options: { targetSubjectId: clients.id }, required: false, unique: false },
      ],
    });
  }
  const file = info.outputPath('engagements.csv');
  writeFileSync(file, ['title,owner,client', `E-1,${USER.email.toUpperCase()},acme ltd`, `E-2,${USER.name},Beta Co`].join('\n'));
  await upload(page, file, '项目');
  await toCheck(page);
  const preview = page.getByTestId('import-preview');
  await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(2);
  // cells: the owner by name, the client by its display value (not their ids)
  const cells = async (n: number) => preview.locator('tbody tr.ant-table-row').nth(n).locator('td').allInnerTexts();
  await expect.poll(() => cells(0)).toEqual(expect.arrayContaining([USER.name, 'Acme Ltd', 'E-1']));
  await expect.poll(() => cells(1)).toEqual(expect.arrayContaining([USER.name, 'Beta Co', 'E-2']));
  await shot(page, 'names-preview');
  await expect(page.getByTestId('import-no-errors')).toBeVisible();
  await run(page);
  await expect(page.getByTestId('import-result')).toContainText(/新增 2|2 inserted/);
  const rows = await api<{ values: Record<string, unknown> }[]>(page, 'GET', `${base}/engagements/records?sort=title:asc`);
  const me = await api<{ id: string }>(page, 'GET', '/api/v1/auth/me');
  expect(rows.map((r) => r.values.owner)).toEqual([me.id, me.id]);
  expect(rows.every((r) => /^[0-9a-f-]{36}$/.test(String(r.values.client)))).toBe(true);
  expect(unexpected(problems)).toEqual([]);
});
