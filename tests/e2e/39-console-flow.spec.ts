/**
 * The console's browser story in one run, after 00-walking-skeleton (the administrator): a new group
 * and user made on the console screens, the user added to the group; the user, signed in in a
 * second browser context, gets /403 on /admin/user and changes the password in the personal
 * center; the administrator tags and categorises the user and publishes a notice to the group,
 * and the user's bell shows it unread; the administrator deletes the user (their session ends)
 * and restores them from the recycle bin with the group membership; the audit chain verifies.
 * (The single screens are driven in more depth by 31–35; this is the whole path across them.)
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { signIn } from './actions';
import { ADMIN, AUTH_HEADERS } from './support';

const GROUP = '流程测试组';
const USER = {
  name: 'Flow Auditor',
  email: 'flow.auditor@example.com',
  password: 'Flow-auditor-2026',
  next: 'Flow-auditor-2027!',
};

async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { headers: AUTH_HEADERS, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const okButton = (page: Page) => page.locator('.ant-modal-confirm-btns, .ant-popconfirm-buttons').getByRole('button').last();

test('console end to end: group and user, 403, password, tag and category, notice badge, recycle bin, verified chain', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { email: ADMIN.email, password: ADMIN.password });

  // a group and a user, on the console screens; the user joins the group
  await page.goto('/admin/group');
  await page.getByTestId('create-group').click();
  const groupDialog = page.getByRole('dialog');
  await groupDialog.getByLabel('名称').fill(GROUP);
  await groupDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/group\/[0-9a-f-]{36}$/);
  const groupId = page.url().split('/').pop() as string;

  await page.goto('/admin/user');
  await page.getByTestId('create-user').click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByLabel('名称').fill(USER.name);
  await userDialog.getByLabel('邮箱').fill(USER.email);
  await userDialog.getByLabel('密码').fill(USER.password);
  await userDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('link', { name: USER.name })).toBeVisible();

  await page.goto(`/admin/group/${groupId}`);
  const memberSelect = page.getByTestId('group-add-member-select');
  await memberSelect.click();
  await memberSelect.locator('input').fill('flow.auditor');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: USER.email }).first().click();
  await page.getByTestId('group-add-member').click();
  await expect(page.getByTestId('group-members').getByText(USER.email)).toBeVisible();

  // the user, in a second context: the console's user list is forbidden; the personal center is theirs
  const userContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const userPage = await userContext.newPage();
  await signIn(userPage, { email: USER.email, password: USER.password });
  await userPage.goto('/admin/user');
  await expect(userPage.getByTestId('exception-403')).toBeVisible();
  await userPage.goto('/admin/person?tab=password');
  await userPage.getByLabel('当前密码').fill(USER.password);
  await userPage.getByLabel('新密码', { exact: true }).fill(USER.next);
  await userPage.getByLabel('确认新密码').fill(USER.next);
  await userPage.getByRole('button', { name: '修改密码' }).click();
  await expect(userPage.getByText('密码已修改，其他设备上的登录已退出。')).toBeVisible();

  // the administrator tags and categorises the user, and publishes a notice to the group
  const users = await api<{ id: string; email: string }[]>(
    page.request,
    'get',
    `/api/v1/users?q=${encodeURIComponent(USER.email)}`,
  );
  const userId = users[0].id;
  const tag = await api<{ id: string }>(page.request, 'post', '/api/v1/tags', { name: '外勤', color: '#1677ff' });
  const category = await api<{ id: string }>(page.request, 'post', '/api/v1/categories', { name: '外勤人员' });
  await api(page.request, 'put', '/api/v1/tags/assign', { targetType: 'user', targetId: userId, tagIds: [tag.id] });
  await api(page.request, 'put', '/api/v1/categories/assign', {
    targetType: 'user',
    targetId: userId,
    categoryIds: [category.id],
  });
  const ofTags = await api<{ id: string }[]>(page.request, 'get', `/api/v1/tags/of?targetType=user&targetId=${userId}`);
  expect(ofTags.map((t) => t.id)).toEqual([tag.id]);
  // (earlier specs published notices to everyone: count from what the bell shows now)
  const bell = userPage.getByTestId('notice-bell');
  const unread = await api<{ count: number }>(userPage.request, 'get', '/api/v1/notices/unread-count');
  const before = unread.count;
  await api(page.request, 'post', '/api/v1/notices', {
    title: '流程测试通知',
    body: '<p>请于周一到岗。</p>',
    audience: 'groups',
    groupIds: [groupId],
    published: true,
  });
  await userPage.reload();
  await expect(bell).toHaveAttribute('data-count', String(before + 1));

  // delete the user (to the recycle bin): their session ends
  await page.goto(`/admin/user/${userId}`);
  await page.getByRole('button', { name: /^删\s*除$/ }).click();
  await okButton(page).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByRole('link', { name: USER.name })).toHaveCount(0);
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login/);

  // restore it from the recycle bin: the user signs in again, still in the group
  await page.goto('/admin/recycle');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: USER.email });
  await row.getByText('恢复').click();
  await okButton(page).click();
  await expect(page.getByText(/已恢复/)).toBeVisible();
  await signIn(userPage, { email: USER.email, password: USER.next });
  const detail = await api<{ groups: { id: string }[] }>(page.request, 'get', `/api/v1/users/${userId}`);
  expect(detail.groups.map((g) => g.id)).toContain(groupId);

  // the audit chain verifies
  await page.goto('/admin/audit');
  await page.getByTestId('verify-chain').click();
  await expect(page.getByTestId('verify-result')).toContainText(/哈希链完整，共 \d+ 条/);

  await userContext.close();
  expect(unexpected(problems, [{ url: '/api/v1/auth/me', status: 401 }])).toEqual([]);
});
