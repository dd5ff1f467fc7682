/**
 * Personal center and system settings, after 00-walking-skeleton (which created the
 * administrator): an administrator renames the site in /admin/system and sees the name in the
 * header and on the sign-in page; a user changes their profile and password in /admin/person and
 * signs in with the new password; creates an API token, sees it once, uses it, revokes it.
 * Screenshots of every tab and of the settings in both languages.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { signIn, signInThroughPage } from './actions';
import { ADMIN, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const USER = { name: '个人中心用户', email: 'person.e2e@example.com', password: 'Person-e2e-2026', next: 'Person-e2e-2027!' };
const SITE = '审计云平台';
const SHOTS = 'tests/e2e/screenshots';

async function setLanguage(request: APIRequestContext, page: Page, locale: 'zh-CN' | 'en-US') {
  const res = await request.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale } });
  expect(res.status()).toBe(200);
  await page.evaluate((l) => window.localStorage.setItem('umi_locale', l), locale);
}

test('an administrator changes the system settings; the site name shows in the header and on the sign-in page', async ({ page, problems }) => {
  await signIn(page, { email: ADMIN.email, password: ADMIN.password });
  await page.goto('/admin/system');
  const form = page.getByTestId('system-settings');
  await expect(form).toBeVisible();
  const siteName = page.getByLabel('站点名称');
  await expect(siteName).toHaveValue('Assay');
  await siteName.fill(SITE);
  await page.getByLabel('最小长度').fill('12');
  // the tasks' retention (docs/tasks.md "Retention")
  await expect(page.getByLabel('已结束任务保留天数')).toHaveValue('30');
  await page.getByLabel('已结束任务保留天数').fill('90');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('设置已保存并生效')).toBeVisible();
  expect((await (await page.request.get('/api/v1/settings')).json()).data.taskRetentionDays).toBe(90);
  await expect(page.locator('header').getByText(SITE).first()).toBeVisible();
  await expect.poll(() => page.title()).toContain(SITE);

  // a server-side rule: the idle timeout cannot outlast the absolute one → the message under the field
  await page.getByLabel('空闲超时（分钟）').fill('10080');
  await page.getByLabel('绝对超时（天）').fill('1');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('空闲超时不能长于绝对超时')).toBeVisible();
  await page.getByRole('button', { name: /重\s*置/ }).click();

  // outbound: an allow-list entry the server refuses, an SMTP server without a sender → the messages under the fields
  const allowList = page.getByLabel('允许访问的内网目标');
  await allowList.fill('bad_host!');
  await allowList.press('Enter');
  await page.getByLabel('SMTP 服务器').fill('smtp.example.com');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请填写主机名、.域名、IP 地址或 CIDR 网段', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await allowList.fill('10.20.0.0/16');
  await allowList.press('Enter');
  await page.getByLabel('SMTP 服务器').fill('smtp.example.com');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('发信需要 SMTP 服务器和发件地址')).toBeVisible();
  await page.getByLabel('发件地址').fill('assay@example.com');
  // the first save's message may still be up on a fast machine: this save's own is the one awaited
  await expect(page.getByText('设置已保存并生效')).toHaveCount(0);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('设置已保存并生效')).toBeVisible();
  await expect(page.getByTestId('system-settings').getByText('10.20.0.0/16')).toBeVisible();
  // no SMTP server for the specs that follow on this server
  expect((await page.request.patch('/api/v1/settings', { headers: AUTH_HEADERS, data: { smtpHost: '' } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('SMTP 服务器')).toHaveValue('');

  await page.screenshot({ path: `${SHOTS}/account-system-zh-CN.png`, fullPage: true });
  await setLanguage(page.request, page, 'en-US');
  await page.reload();
  await expect(page.getByText('Password policy')).toBeVisible();
  await expect(page.getByText('Background tasks')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/account-system-en-US.png`, fullPage: true });
  await setLanguage(page.request, page, 'zh-CN');

  // the sign-in page of a visitor
  const visitor = await page.context().browser()!.newContext({ locale: 'zh-CN' });
  const anon = await visitor.newPage();
  await anon.goto('/login');
  await expect(anon.getByTestId('site-name')).toHaveText(SITE);
  await visitor.close();

  const created = await page.request.post('/api/v1/users', {
    headers: AUTH_HEADERS,
    data: { name: USER.name, email: USER.email, password: USER.password },
  });
  expect(created.status()).toBe(201);
  expect(unexpected(problems, [{ url: '/api/v1/settings', status: 400 }])).toEqual([]);
});

test('a user edits the profile and changes the password in the personal center, then signs in with the new one', async ({ page, problems }) => {
  await signIn(page, { email: USER.email, password: USER.password });
  await page.goto('/admin/person');
  await expect(page.getByTestId('person-center')).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveValue(USER.email);
  await page.getByLabel('职务').fill('高级审计师');
  await page.getByLabel('电话').fill('+86 10 8888-0000');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('个人资料已保存')).toBeVisible();

  await page.getByTestId('person-tab-password').click();
  await expect(page).toHaveURL(/tab=password/);
  await page.getByLabel('当前密码').fill(USER.password);
  await page.getByLabel('新密码', { exact: true }).fill('short');
  await expect(page.getByText('至少 12 个字符', { exact: true })).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill(USER.next);
  await page.getByLabel('确认新密码').fill(USER.next);
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出。')).toBeVisible();

  // the user menu links the personal center, and signs out
  await page.getByTestId('user-menu').hover();
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInThroughPage(page, { email: USER.email, password: USER.next });
  expect(unexpected(problems)).toEqual([]);
});

test('a user creates an API token, sees it once, uses it, and revokes it; screenshots of every tab', async ({ page, problems, request }) => {
  test.setTimeout(120_000); // ten full-page screenshots
  await signIn(page, { email: USER.email, password: USER.next });
  await page.goto('/admin/person?tab=tokens');
  await page.getByTestId('new-token').click();
  await page.getByLabel('名称').fill('CI 导出');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*[认定]|OK/ }).click();
  const value = page.getByTestId('new-token-value');
  await expect(value).toBeVisible();
  const token = (await value.innerText()).trim();
  expect(token).toMatch(/^assay_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: '我已复制' }).click();
  await expect(value).toBeHidden();
  await expect(page.getByText(token.slice(0, 12) + '…')).toBeVisible();
  expect(await page.content()).not.toContain(token);

  // `request` is a context of its own: no session cookie, only the token
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(USER.email);

  for (const locale of ['zh-CN', 'en-US'] as const) {
    await setLanguage(page.request, page, locale);
    for (const tab of ['profile', 'password', 'language', 'tokens', 'activity']) {
      await page.goto(`/admin/person?tab=${tab}`);
      await expect(page.getByTestId('person-center')).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      if (tab === 'tokens' || tab === 'activity') await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/account-person-${tab}-${locale}.png`, fullPage: true });
    }
  }
  await setLanguage(page.request, page, 'zh-CN');

  await page.goto('/admin/person?tab=tokens');
  await page.getByTestId('revoke-CI 导出').click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('令牌已吊销')).toBeVisible();
  await expect(page.getByText('已吊销', { exact: true })).toBeVisible();
  const after = await request.get('/api/v1/auth/me/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(unexpected(problems)).toEqual([]);
});

test('the administrator puts the site name and policy back', async ({ page }) => {
  await signIn(page, { email: ADMIN.email, password: ADMIN.password });
  const res = await page.request.patch('/api/v1/settings', { headers: AUTH_HEADERS, data: { siteName: 'Assay', passwordMinLength: 10, taskRetentionDays: 30 } });
  expect(res.status()).toBe(200);
});
