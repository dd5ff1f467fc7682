/**
 * Notices in the browser, after 00-walking-skeleton (administrator + workspace
 * audit-2026): the administrator writes an announcement to everyone in the rich text editor and
 * publishes it; another user (made through the API) sees the bell's unread badge, opens the
 * popover and the notice center, reads the notice and the badge drops. Screenshots of the console
 * list, the edit form with the editor, the notice center and the open bell popover, in zh-CN and
 * en-US (tests/e2e/screenshots/notices-*.png).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openUserPage, test, unexpected } from './fixtures';
import { ADMIN, APP, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const READER = { name: 'Nora Reader', email: `nora.${Date.now()}@example.com`, password: 'Nora-reader-2026' };
const SHOTS = 'tests/e2e/screenshots';

async function apiLogin(request: APIRequestContext, user: { email: string; password: string }) {
  const res = await request.post('/api/v1/auth/login', { headers: AUTH_HEADERS, data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
}

async function setLocale(request: APIRequestContext, locale: 'zh-CN' | 'en-US') {
  const res = await request.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale } });
  expect(res.status()).toBe(200);
}

async function publishViaApi(request: APIRequestContext, title: string) {
  const res = await request.post('/api/v1/notices', {
    headers: AUTH_HEADERS,
    data: { title, body: '<p>Fieldwork starts <strong>Monday</strong>.</p>', audience: 'everyone', published: true },
  });
  expect(res.status()).toBe(201);
}

/** The badge's visible count. */
const badge = (page: Page) => page.getByTestId('notice-bell-badge').locator('.ant-badge-count');
/** The bell's unread count as the component holds it (the badge hides at 0). */
const bell = (page: Page) => page.getByTestId('notice-bell');

test('an administrator publishes a notice; another user sees the badge, reads it and the badge drops', async ({ page, problems, browser }) => {
  // the administrator, and a reader who is a member of the workspace
  await apiLogin(page.request, ADMIN);
  await setLocale(page.request, 'zh-CN');
  const created = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...READER, isAdmin: false } });
  expect(created.status()).toBe(201);
  const member = await page.request.post(`/api/v1/applications/${APP.slug}/members`, { headers: AUTH_HEADERS, data: { email: READER.email, role: 'viewer' } });
  expect(member.status()).toBe(200);

  // write and publish an announcement in the editor
  await page.goto('/admin/notice');
  await expect(page.getByTestId('notice-table')).toBeVisible();
  await page.getByTestId('notice-new').click();
  await expect(page).toHaveURL(/\/admin\/notice\/new$/);
  await page.getByLabel('标题', { exact: true }).fill('年度审计启动会');
  const editor = page.getByTestId('notice-editor');
  await editor.click();
  await page.keyboard.type('请全体成员参加 ');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('周一上午九点');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type(' 的启动会。');
  await page.getByTestId('notice-save-publish').click();
  await expect(page).toHaveURL(/\/admin\/notice\/[0-9a-f-]{36}$/);
  const preview = page.getByTestId('notice-preview');
  await expect(preview.locator('strong')).toHaveText('周一上午九点');
  await page.screenshot({ path: `${SHOTS}/notices-edit-zh-CN.png`, fullPage: true });

  await page.getByRole('button', { name: '返回列表' }).click();
  const row = page.getByTestId('notice-table').getByRole('row', { name: /年度审计启动会/ });
  await expect(row.getByTestId('notice-status')).toHaveText('已发布');
  await page.screenshot({ path: `${SHOTS}/notices-list-zh-CN.png`, fullPage: true });

  // the reader, signed in in a second context
  const readerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const reader = await openUserPage(readerContext);
  await apiLogin(reader.page.request, READER);
  await reader.page.goto(`/${APP.slug}`);
  await expect(bell(reader.page)).toHaveAttribute('data-count', '1');
  await expect(badge(reader.page)).toHaveText('1');
  await reader.page.getByTestId('notice-bell').click();
  const panel = reader.page.getByTestId('notice-bell-panel');
  await expect(panel.getByTestId('notice-bell-item')).toHaveCount(1);
  await expect(panel).toContainText('年度审计启动会');
  await reader.page.screenshot({ path: `${SHOTS}/notices-bell-zh-CN.png` });

  await panel.getByTestId('notice-bell-view-all').click();
  await expect(reader.page).toHaveURL(new RegExp(`/${APP.slug}/noticeCenter$`));
  const item = reader.page.getByTestId('notice-center-item').filter({ hasText: '年度审计启动会' });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(reader.page.locator('.ant-spin-blur')).toHaveCount(0);
  await reader.page.screenshot({ path: `${SHOTS}/notices-center-zh-CN.png`, fullPage: true });

  await item.click();
  await expect(reader.page.getByTestId('notice-reader').locator('strong')).toHaveText('周一上午九点');
  await reader.page.getByTestId('notice-reader-close').click();
  await expect(bell(reader.page)).toHaveAttribute('data-count', '0');
  await expect(badge(reader.page)).toBeHidden();
  await expect(item).toHaveAttribute('data-read', 'true');

  // en-US: a second notice, the same screens in English
  await publishViaApi(page.request, 'Kick-off meeting');
  await setLocale(page.request, 'en-US');
  await setLocale(reader.page.request, 'en-US');
  await reader.page.goto(`/${APP.slug}/noticeCenter`);
  await expect(badge(reader.page)).toHaveText('1');
  await expect(reader.page.getByTestId('notice-center-item').filter({ hasText: 'Kick-off meeting' })).toHaveAttribute('data-read', 'false');
  await expect(reader.page.locator('.ant-spin-blur')).toHaveCount(0);
  await reader.page.screenshot({ path: `${SHOTS}/notices-center-en-US.png`, fullPage: true });
  await reader.page.getByTestId('notice-bell').click();
  await expect(reader.page.getByTestId('notice-bell-panel')).toContainText('Kick-off meeting');
  await reader.page.screenshot({ path: `${SHOTS}/notices-bell-en-US.png` });
  await reader.page.getByTestId('notice-bell-mark-all').click();
  await expect(bell(reader.page)).toHaveAttribute('data-count', '0');

  await page.goto('/admin/notice');
  await expect(page.getByTestId('notice-table').getByRole('row', { name: /Kick-off meeting/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/notices-list-en-US.png`, fullPage: true });
  await page.getByTestId('notice-table').getByRole('link', { name: '年度审计启动会' }).click();
  await expect(page.getByTestId('notice-preview').locator('strong')).toHaveText('周一上午九点');
  await expect(page.getByTestId('notice-editor')).toContainText('周一上午九点');
  await page.screenshot({ path: `${SHOTS}/notices-edit-en-US.png`, fullPage: true });

  await setLocale(page.request, 'zh-CN');
  expect(unexpected(reader.problems)).toEqual([]);
  expect(unexpected(problems)).toEqual([]);
  await readerContext.close();
});
