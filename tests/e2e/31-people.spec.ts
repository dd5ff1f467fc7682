/**
 * Users, groups and roles in the browser, after 00-walking-skeleton (the administrator
 * and the application audit-2026): as the administrator create a group and a user, add the user
 * to the group, grant the group the editor role on audit-2026, and see on the user's page the
 * membership through the group (effective role + source). Screenshots of the users list, the user
 * page, the groups list and the group page in zh-CN and en-US (tests/e2e/screenshots/people-*).
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { signIn, switchLanguage } from './actions';
import { APP } from './support';

const GROUP = '审计一组';
const MEMBER = { name: 'Pei Auditor', email: 'pei.people@example.com', password: 'Pei-auditor-2026' };

test.describe.configure({ mode: 'serial' });

/** Picks the option containing `text` in the RemoteSelect with `testId`, typing `search` first. */
async function pick(page: Page, testId: string, search: string, text: string | RegExp) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function shoot(page: Page, name: string, lang: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `tests/e2e/screenshots/people-${name}-${lang}.png`, fullPage: true });
}

let groupUrl = '';
let userUrl = '';

test('an administrator creates a group and a user, adds the user, grants the group a role, and sees it on the user page', async ({ page, problems }) => {
  await signIn(page);

  // the group
  await page.goto('/admin/group');
  await expect(page.getByText('还没有用户组')).toBeVisible();
  await page.getByTestId('create-group').click();
  const groupDialog = page.getByRole('dialog');
  await groupDialog.getByLabel('名称').fill(GROUP);
  await groupDialog.getByLabel('描述').fill('现场审计人员');
  await groupDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/group\/[0-9a-f-]{36}$/);
  groupUrl = new URL(page.url()).pathname;
  await expect(page.locator('.ant-page-header-heading-title', { hasText: GROUP })).toBeVisible();

  // a duplicate name, other case, is refused on the field
  await page.goto('/admin/group');
  await page.getByTestId('create-group').click();
  const dupDialog = page.getByRole('dialog');
  await dupDialog.getByLabel('名称').fill(GROUP);
  await dupDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dupDialog.getByText('该用户组名称已被使用')).toBeVisible();
  await dupDialog.getByRole('button', { name: /取\s*消/ }).click();

  // the user
  await page.goto('/admin/user');
  await page.getByTestId('create-user').click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByLabel('名称').fill(MEMBER.name);
  await userDialog.getByLabel('邮箱').fill(MEMBER.email);
  await userDialog.getByLabel('密码').fill(MEMBER.password);
  await userDialog.getByLabel('职务').fill('审计员');
  await userDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('link', { name: MEMBER.name })).toBeVisible();

  // add the user to the group and grant the group editor on audit-2026
  await page.goto(groupUrl);
  await pick(page, 'group-add-member-select', 'pei.people', MEMBER.email);
  await page.getByTestId('group-add-member').click();
  await expect(page.getByTestId('group-members').getByText(MEMBER.email)).toBeVisible();
  await pick(page, 'group-grant-app', APP.slug, `/${APP.slug}`);
  await page.getByTestId('group-grant-role').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '编辑者' }).click();
  await page.getByTestId('group-grant-add').click();
  await expect(page.getByTestId('group-grants').getByText(APP.name)).toBeVisible();

  // the user page shows the membership through the group
  await page.goto('/admin/user');
  await page.getByRole('link', { name: MEMBER.name }).click();
  await expect(page).toHaveURL(/\/admin\/user\/[0-9a-f-]{36}$/);
  userUrl = new URL(page.url()).pathname;
  const memberships = page.getByTestId('user-memberships');
  await expect(memberships.getByText(APP.name)).toBeVisible();
  await expect(memberships.getByText(`用户组 ${GROUP}: 编辑者`)).toBeVisible();
  expect(unexpected(problems, [{ url: '/api/v1/groups', status: 409 }])).toEqual([]);
});

test('screenshots of the users and groups screens in both languages', async ({ page, problems }) => {
  await signIn(page);
  const screens = async (lang: string) => {
    await page.goto('/admin/user');
    await expect(page.getByRole('link', { name: MEMBER.name })).toBeVisible();
    await shoot(page, 'users', lang);
    await page.goto(userUrl);
    await expect(page.getByTestId('user-memberships').getByText(APP.name)).toBeVisible();
    await shoot(page, 'user-detail', lang);
    await page.goto('/admin/group');
    await expect(page.getByRole('link', { name: GROUP })).toBeVisible();
    await shoot(page, 'groups', lang);
    await page.goto(groupUrl);
    await expect(page.getByTestId('group-members').getByText(MEMBER.email)).toBeVisible();
    await shoot(page, 'group-detail', lang);
  };
  await screens('zh-CN');
  await switchLanguage(page, 'en-US');
  await expect(page.getByText('Application roles').first()).toBeVisible();
  await screens('en-US');
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('应用角色').first()).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});
