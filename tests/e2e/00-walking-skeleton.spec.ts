/**
 * The walking skeleton as a new user, in order on one fresh database: /init → /login → console →
 * create an application → its workspace → switch language → create a second user → logout;
 * that user sees 403 on the workspace until added; an unknown path shows the 404 page.
 */
import { expect, openUserPage, test, unexpected } from './fixtures';
import { signInThroughPage, switchLanguage } from './actions';
import { ADMIN, APP } from './support';

const AUDITOR = { name: 'Lin Auditor', email: 'lin@example.com', password: 'Lin-auditor-2026' };

test.describe.configure({ mode: 'serial' });

test('an empty installation opens /init, creates the first administrator, then closes setup', async ({ page, problems }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/init$/);
  await expect(page.getByText('初始化 Assay')).toBeVisible();

  await page.getByLabel('名称').fill(ADMIN.name);
  await page.getByLabel('邮箱').fill(ADMIN.email);
  await page.getByLabel('密码', { exact: true }).fill('short');
  await page.getByLabel('确认密码').fill('short');
  await page.getByRole('button', { name: '创建管理员' }).click();
  // The server's strength rule, shown under the field, in Chinese; what was typed stays.
  await expect(page.getByText('密码至少 10 个字符')).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveValue(ADMIN.email);

  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('确认密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '创建管理员' }).click();
  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByLabel('邮箱')).toHaveValue(ADMIN.email);

  await page.goto('/init');
  await expect(page.getByTestId('init-closed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(unexpected(problems, [{ url: '/api/v1/setup/init', status: 400 }])).toEqual([]);
});

test('anonymous visitors are sent to /login and come back after signing in', async ({ page, problems }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await page.getByLabel('邮箱').fill(ADMIN.email);
  await page.getByLabel('密码').fill('wrong-password-1');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toHaveText('邮箱或密码错误');
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('first-app-hint')).toBeVisible();
  expect(unexpected(problems, [{ url: '/api/v1/auth/login', status: 401 }])).toEqual([]);
});

test('an administrator creates an application, opens its workspace and switches language', async ({ page, problems }) => {
  await signInThroughPage(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('控制台首页').first()).toBeVisible();
  await expect(page.getByText('PGlite')).toBeVisible();

  await page.getByTestId('create-app').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill(APP.name);
  await dialog.getByLabel('标识').fill('admin');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('该标识是系统保留字，请换一个')).toBeVisible();
  await dialog.getByLabel('标识').fill(APP.slug);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

  await expect(page).toHaveURL(new RegExp(`/${APP.slug}$`));
  await expect(page.getByTestId('workspace-title')).toHaveText(APP.name);
  const members = page.getByTestId('members-table');
  await expect(members.getByText(ADMIN.email)).toBeVisible();
  await expect(members.getByText('所有者')).toBeVisible();
  // The workspace menu's paths carry the application's slug, so its home item is the selected one.
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('首页');

  await switchLanguage(page, 'en-US');
  await expect(page.getByText('Members (1)')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Members (1)')).toBeVisible();
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('成员 (1)')).toBeVisible();

  await page.goto('/admin');
  await page.getByTestId('create-user').click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByLabel('名称').fill(AUDITOR.name);
  await userDialog.getByLabel('邮箱').fill(AUDITOR.email);
  await userDialog.getByLabel('密码').fill(AUDITOR.password);
  await userDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(`用户“${AUDITOR.name}”已创建`)).toBeVisible();

  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(unexpected(problems, [{ url: '/api/v1/applications', status: 400 }])).toEqual([]);
});

test('a non-member sees 403 on the workspace, and the workspace once added', async ({ page, problems, browser }) => {
  await signInThroughPage(page, AUDITOR);
  await expect(page.getByTestId('no-apps')).toBeVisible();
  await page.goto(`/${APP.slug}`);
  await expect(page.getByTestId('exception-403')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${APP.slug}$`));
  await page.goto('/admin');
  await expect(page.getByTestId('exception-403')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const admin = await openUserPage(adminContext);
  await signInThroughPage(admin.page, ADMIN);
  await admin.page.goto(`/${APP.slug}`);
  await admin.page.getByTestId('add-member').click();
  const dialog = admin.page.getByRole('dialog');
  await dialog.getByLabel('邮箱').fill(AUDITOR.email);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(admin.page.getByTestId('members-table').getByText(AUDITOR.email)).toBeVisible();
  expect(unexpected(admin.problems)).toEqual([]);
  await adminContext.close();

  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${APP.slug}$`));
  await expect(page.getByTestId('workspace-title')).toHaveText(APP.name);
  await expect(page.getByTestId('members-table').getByText('查看者')).toBeVisible();
  expect(unexpected(problems, [{ url: `/api/v1/applications/${APP.slug}`, status: 403 }])).toEqual([]);
});

test('unknown paths show the 404 page', async ({ page, problems }) => {
  await signInThroughPage(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/no-such-app');
  await expect(page.getByTestId('exception-404')).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-app$/);
  await page.goto('/a/b/c/d/e');
  await expect(page.getByTestId('exception-404')).toBeVisible();
  await page.goto('/404');
  await expect(page.getByTestId('exception-404')).toBeVisible();
  expect(unexpected(problems, [{ url: '/api/v1/applications/no-such-app', status: 404 }])).toEqual([]);
});
