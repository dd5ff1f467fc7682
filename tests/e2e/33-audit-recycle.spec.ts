/**
 * The audit log, recycle bin and console dashboard in Chromium, as the administrator that
 * 00-walking-skeleton.spec.ts created: filter the audit log, open an entry's field-level diff,
 * verify the chain, export the filtered set as CSV (a download), open the recycle bin (empty state
 * unless something is deleted) and set the retention; screenshots of /admin, /admin/audit (diff
 * open) and /admin/recycle in zh-CN and en-US (tests/e2e/screenshots/audit-*.png).
 */
import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { switchLanguage } from './actions';
import { ADMIN, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const SHOTS = 'tests/e2e/screenshots';

/** Signs the administrator in through the API and hands the session to the browser context. */
async function signInAdmin(request: APIRequestContext, context: BrowserContext): Promise<void> {
  const res = await request.post('/api/v1/auth/login', { headers: AUTH_HEADERS, data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), `admin login: ${res.status()}`).toBe(true);
  const cookie = (await request.storageState()).cookies.find((c) => c.name.endsWith('assay_session'));
  expect(cookie).toBeTruthy();
  if (cookie) await context.addCookies([{ name: cookie.name, value: cookie.value, url: test.info().project.use.baseURL ?? '' }]);
}

/** Renames one user through the API so the log holds a `user.update` with a before and an after. */
async function renameAUser(request: APIRequestContext): Promise<void> {
  const users = await request.get('/api/v1/users?pageSize=100');
  const other = ((await users.json()) as { data: { id: string; email: string; name: string }[] }).data.find((u) => u.email !== ADMIN.email);
  expect(other, 'a second user exists (00-walking-skeleton creates one)').toBeTruthy();
  const res = await request.patch(`/api/v1/users/${other?.id}`, { headers: AUTH_HEADERS, data: { name: `${other?.name} (renamed)` } });
  expect(res.ok(), `rename: ${res.status()}`).toBe(true);
}

async function openAuditWithDiff(page: Page, texts: { action: string; query: RegExp; changed: string | RegExp }): Promise<void> {
  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-log')).toBeVisible();
  const filter = page.locator('.ant-pro-query-filter');
  await filter.getByLabel(texts.action, { exact: true }).fill('user.update');
  await page.keyboard.press('Enter');
  await filter.getByRole('button', { name: texts.query }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('user.update');
  // every row is a user.update once the filtered page is in (a row list read once could still be the unfiltered one)
  await expect(rows.filter({ hasNotText: 'user.update' })).toHaveCount(0);
  await rows.first().getByText(/详情|Details/).click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff).toBeVisible();
  await expect(diff.locator('tr[data-changed="true"]').filter({ hasText: 'name' })).toBeVisible();
  await expect(diff.getByText(texts.changed)).toBeVisible();
}

test('audit log, recycle bin and console dashboard, in zh-CN then en-US', async ({ page, context, request, problems }) => {
  await signInAdmin(request, context);
  await renameAUser(request);
  fs.mkdirSync(SHOTS, { recursive: true });

  // console dashboard
  await page.goto('/admin');
  await expect(page.getByTestId('console-dashboard')).toBeVisible();
  await expect(page.getByTestId('recent-audit').getByText('user.update')).toBeVisible();
  await expect(page.getByTestId('system-health')).toContainText('PGlite');
  await expect(page.getByTestId('console-dashboard').getByText('记录', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quick-links').getByRole('button', { name: '回收站' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-dashboard-zh-CN.png`, fullPage: true });

  // audit log: filter, open the diff, verify, export
  await openAuditWithDiff(page, { action: '操作', query: /查\s*询/, changed: '1 个字段有变化' });
  await page.screenshot({ path: `${SHOTS}/audit-log-zh-CN.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await page.getByTestId('verify-chain').click();
  await expect(page.getByTestId('verify-result')).toContainText(/哈希链完整，共 \d+ 条/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{6}\.csv$/);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines[0]).toBe('seq,at,actor,actorId,ip,userAgent,action,targetType,targetId,before,after,details,hash');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes('user.update')), 'the filtered set only').toBe(true);

  // recycle bin: empty state (or the rows other specs left), retention
  await page.goto('/admin/recycle');
  await expect(page.getByTestId('recycle-bin')).toBeVisible();
  const bin = (await (await request.get('/api/v1/recycle')).json()) as { total: number };
  if (bin.total === 0) await expect(page.getByText('回收站是空的')).toBeVisible();
  else await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(Math.min(bin.total, 20));
  const days = page.getByLabel('保留天数');
  await expect(days).toHaveValue('0');
  await days.fill('30');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保留期限已保存：30 天')).toBeVisible();
  expect(((await (await request.get('/api/v1/recycle/retention')).json()) as { data: { days: number } }).data.days).toBe(30);
  await page.screenshot({ path: `${SHOTS}/audit-recycle-zh-CN.png`, fullPage: true });
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);

  // en-US
  await switchLanguage(page, 'en-US');
  await expect(page.getByText('The recycle bin is empty').or(page.locator('.ant-table-tbody tr.ant-table-row').first())).toBeVisible();
  await expect(page.getByText('Keep for')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-recycle-en-US.png`, fullPage: true });
  await page.goto('/admin');
  await expect(page.getByText('Latest audit entries')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-dashboard-en-US.png`, fullPage: true });
  await openAuditWithDiff(page, { action: 'Action', query: /Query/, changed: /^1 fields? changed$/ });
  await page.screenshot({ path: `${SHOTS}/audit-log-en-US.png`, fullPage: true });

  // leave things as found: retention back to forever, the administrator's language back to zh-CN
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh-CN');
  const reset = await request.put('/api/v1/recycle/retention', { headers: AUTH_HEADERS, data: { days: 0 } });
  expect(reset.ok()).toBe(true);
  expect(unexpected(problems)).toEqual([]);
});
