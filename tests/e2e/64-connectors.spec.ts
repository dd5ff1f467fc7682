/**
 * Connectors end to end (docs/connectors-web.md), as a new administrator: the test process makes a
 * database of its own on the local MariaDB (127.0.0.1:3306, root without a password, through
 * mysql2) with a table of three suppliers, and drops it after; the first administrator puts
 * 127.0.0.1 on the connectors' allow-list (system setting `connectorAllowedHosts`, through the API)
 * and makes the new administrator. Then, signed in as them, at /admin/connector:
 *  1. the allow-list shows 127.0.0.1; a MySQL connector to a host off the list is refused by its
 *     test, said in the form with the way to the setting; with 127.0.0.1 (no password variable:
 *     root has none) the test connects, and the connector is saved;
 *  2. the browser lists the table, its columns and its rows;
 *  3. "Make a subject from this table" shows the mapping (column → field key, name, type), creates
 *     the subject in the application of 00, and opens the sync form with that mapping and the
 *     primary key as key field; the sync is saved (upsert, full);
 *  4. "Run now": the run ends done with 3 read and 3 inserted;
 *  5. a row changed at the source, "Run now" again: 1 updated, 2 unchanged; the subject's records
 *     show the new value;
 *  6. the connector's page in English (the new administrator's language switched; the suite's
 *     administrator keeps Chinese).
 * Screenshots: /tmp/shots-connectors/*.png.
 */
import type { Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import { expect, test } from './fixtures';
import { apiJson, axeProblems, pickIn, signIn, switchLanguage } from './actions';
import { ADMIN, APP, AUTH_HEADERS } from './support';

const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DB = `assay_e2e_${TAG}`;
const TABLE = `suppliers_${TAG}`;
const OWNER = { name: '连接器管理员', email: `connectors.${TAG}@example.com`, password: 'Connector-admin-2026' };
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-connectors/${name}.png`, fullPage: true });

/** Runs `sql` on the test's own database. */
async function source(sql: string, params: unknown[] = []): Promise<void> {
  const conn = await mysql.createConnection({ ...MARIADB, database: DB });
  try {
    await conn.query(sql, params);
  } finally {
    await conn.end();
  }
}

test.beforeAll(async () => {
  const conn = await mysql.createConnection(MARIADB);
  try {
    await conn.query(`CREATE DATABASE \`${DB}\``);
  } finally {
    await conn.end();
  }
  await source(
    `CREATE TABLE \`${TABLE}\` (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50), credit DECIMAL(10,2), since DATE)`,
  );
  await source(`INSERT INTO \`${TABLE}\` VALUES (1, '华东五金', '上海', 120000.50, '2020-03-01'), (2, '北方物流', '天津', 80000, '2021-07-15'), (3, 'Delta Parts', NULL, 5000.25, '2024-01-09')`);
});

test.afterAll(async () => {
  const conn = await mysql.createConnection(MARIADB);
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${DB}\``);
  } finally {
    await conn.end();
  }
});

/** Waits for the newest run of the sync's history to end and checks it ended done with `counts`. */
async function expectRun(page: Page, counts: Record<string, number>) {
  const history = page.locator('[data-testid^="runs-"]').first();
  const newest = history.locator('tbody tr.ant-table-row').first();
  await expect(newest.getByTestId('run-status')).toHaveText('已完成', { timeout: 20_000 });
  for (const [name, n] of Object.entries(counts)) await expect(newest.getByTestId(`run-${name}`)).toHaveText(String(n));
}

test('connectors: a MariaDB table becomes a subject, synced, changed at the source and synced again', async ({ page }) => {
  // the first administrator allows 127.0.0.1 and makes the new administrator
  await signIn(page, ADMIN);
  const settings = await apiJson<{ version: string; connectorAllowedHosts: string[] }>(page, 'GET', '/api/v1/settings');
  if (!settings.connectorAllowedHosts.includes('127.0.0.1')) {
    await apiJson(page, 'PATCH', '/api/v1/settings', { version: settings.version, connectorAllowedHosts: [...settings.connectorAllowedHosts, '127.0.0.1'] });
  }
  const made = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...OWNER, isAdmin: true } });
  expect(made.status(), await made.text()).toBe(201);
  await page.request.post('/api/v1/auth/logout', { headers: AUTH_HEADERS });
  await signIn(page, OWNER);

  // 1. the allow-list, a refused host, then a connector that connects
  await page.goto('/admin/connector');
  await expect(page.getByTestId('connectors-table')).toBeVisible();
  await expect(page.getByTestId('connector-allowed-hosts').getByTestId('allowed-host').filter({ hasText: '127.0.0.1' })).toBeVisible();
  await shot(page, '1-list');
  await page.getByTestId('new-connector').click();
  const form = page.getByTestId('connector-form');
  await form.getByText('MySQL / MariaDB').click();
  await form.getByTestId('connector-name').fill(`供应商库 ${TAG}`);
  await form.getByTestId('connector-host').fill('db.not-allowed.example');
  await form.getByTestId('connector-database').fill(DB);
  await form.getByTestId('connector-user').fill('root');
  await form.getByTestId('connector-test').click();
  await expect(form.getByTestId('connector-host-refused')).toContainText('db.not-allowed.example');
  await expect(form.getByTestId('connector-host-refused').getByRole('link')).toHaveAttribute('href', '/admin/system');
  await shot(page, '2-refused');
  await form.getByTestId('connector-host').fill('127.0.0.1');
  await form.getByTestId('connector-test').click();
  await expect(form.getByTestId('connector-test-result')).toContainText('连接成功');
  await shot(page, '3-tested');
  expect(await axeProblems(page), 'axe on the connector form').toEqual([]);
  await form.getByTestId('connector-save').click();
  await expect(page.getByTestId('connector-title')).toHaveText(`供应商库 ${TAG}`);

  // 2. browse: the table, its columns and rows
  await page.getByTestId(`browse-table-${TABLE}`).click();
  await expect(page.getByTestId('browse-columns')).toContainText('credit');
  await expect(page.getByTestId('connector-preview')).toContainText('北方物流');
  await expect(page.getByTestId('connector-preview')).toContainText('NULL');
  await shot(page, '4-browse');
  expect(await axeProblems(page), 'axe on the source browser').toEqual([]);

  // 3. a subject made from the table, the mapping shown first; then its sync
  await page.getByTestId('make-subject').click();
  const wizard = page.getByTestId('subject-wizard');
  await expect(wizard.getByTestId('wizard-mapping')).toContainText('since');
  await pickIn(page, 'wizard-application', APP.name);
  await wizard.getByTestId('wizard-name').fill(`供应商 ${TAG}`);
  await expect(wizard.getByTestId('wizard-key-credit')).toHaveValue(/credit/);
  await shot(page, '5-mapping');
  expect(await axeProblems(page), 'axe on the subject wizard').toEqual([]);
  await wizard.getByTestId('wizard-create').click();
  const syncForm = page.getByTestId('sync-form');
  await expect(syncForm.getByTestId('sync-mapping')).toBeVisible();
  await expect(syncForm.getByTestId('sync-key-fields')).toContainText('id');
  await shot(page, '6-sync-form');
  expect(await axeProblems(page), 'axe on the sync form').toEqual([]);
  await syncForm.getByTestId('sync-save').click();
  await expect(syncForm).toBeHidden();

  // 4. the first run
  await expect(page.getByRole('tab', { name: '同步（1）' })).toBeVisible();
  await page.getByTestId(`run-now-${TABLE} → 供应商 ${TAG}`).click();
  await expectRun(page, { read: 3, inserted: 3, updated: 0, failed: 0 });
  await shot(page, '7-first-run');

  // 5. a row changed at the source, run again, the change in the subject's records
  await source(`UPDATE \`${TABLE}\` SET city = ? WHERE id = 2`, ['杭州']);
  await page.getByTestId(`run-now-${TABLE} → 供应商 ${TAG}`).click();
  await expect(page.locator('[data-testid^="runs-"]').first().locator('tbody tr.ant-table-row')).toHaveCount(2, { timeout: 10_000 });
  await expectRun(page, { read: 3, inserted: 0, updated: 1, unchanged: 2, failed: 0 });
  await shot(page, '8-second-run');
  expect(await axeProblems(page), 'axe on the syncs and their runs').toEqual([]);

  const subjectLink = page.getByTestId('syncs-table').getByRole('link', { name: `供应商 ${TAG}` });
  const href = await subjectLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/${APP.slug}/`));
  const connectorUrl = page.url();
  await page.goto(href!);
  await expect(page.getByTestId('records-grid')).toContainText('杭州');
  await expect(page.getByTestId('records-grid')).not.toContainText('天津');
  await shot(page, '9-records');

  // 6. the same screen in English
  await page.goto(connectorUrl);
  await switchLanguage(page, 'en-US');
  await page.getByRole('tab', { name: 'Syncs (1)' }).click();
  await expect(page.getByTestId(`run-now-${TABLE} → 供应商 ${TAG}`)).toHaveText('Run now');
  await expect(page.locator('[data-testid^="runs-"]').first()).toContainText('Unchanged');
  await shot(page, '10-english');
});
