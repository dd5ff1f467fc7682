/**
 * Applications and clients in the browser, after 00-walking-skeleton (which created the administrator):
 * an administrator creates an application with an icon, a theme colour, modules and a member,
 * edits it, changes the member's role, opens its workspace (the colour applies) and edits it from
 * the workspace settings; the member (a viewer) sees the settings read-only. Then a client with two
 * contacts linked to the application: created, searched, exported as CSV, opened. Screenshots of
 * every screen in zh-CN and en-US (tests/e2e/screenshots/apps-*).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, openUserPage, test, unexpected } from './fixtures';
import { checkBox, openSelect, signIn, switchLanguage } from './actions';
import { ADMIN, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const MEMBER = { name: '周成员', email: 'zhou.member@example.com', password: 'Zhou-member-2026' };
const APP40 = { slug: 'fy-clients', name: '客户审计 2026', renamed: '客户审计 2026（集团）' };
/** THEME_PRESETS[2] of src/components/application/ColorField.tsx. */
const PURPLE = { hex: '#722ed1', rgb: 'rgb(114, 46, 209)' };

/** Types `search` into the open Select `field` and picks the option containing `text`. */
async function pick(page: Page, field: Locator, search: string, text: string | RegExp) {
  await openSelect(page, field);
  await field.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function shoot(page: Page, name: string, lang: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `tests/e2e/screenshots/apps-${name}-${lang}.png`, fullPage: true });
}

let clientUrl = '';

test('an application with icon, colour, modules and a member: created, edited, themed, managed from its settings', async ({ page, problems, browser }) => {
  await signIn(page);
  const made = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...MEMBER, isAdmin: false } });
  expect(made.status()).toBe(201);

  await page.goto('/admin/application');
  await expect(page.getByTestId('applications-table')).toBeVisible();
  await page.getByTestId('application-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('标识').fill('settings');
  await dialog.getByLabel('名称').fill(APP40.name);
  await dialog.getByLabel('描述').fill('2026 年度客户审计工作区');
  await pick(page, dialog.getByTestId('app-field-icon'), 'Audit', /^Audit$/);
  await dialog.getByTestId('app-field-color').click();
  await page.locator('.ant-color-picker-presets-color').nth(2).click();
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-color-picker-presets-color').first()).toBeHidden();
  await checkBox(dialog.getByLabel('审计', { exact: true }));
  await checkBox(dialog.getByLabel('风险', { exact: true }));
  await dialog.getByTestId('initial-member-add').click();
  await pick(page, dialog.getByTestId('initial-member-user-0'), 'zhou', MEMBER.email);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // the reserved slug is refused under its field; nothing typed is lost
  await expect(dialog.getByText('该标识是系统保留字，请换一个')).toBeVisible();
  await dialog.getByLabel('标识').fill(APP40.slug);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/application/${APP40.slug}$`));
  await expect(page.getByTestId('application-title')).toHaveText(APP40.name);
  await expect(page.getByTestId('application-color')).toContainText(PURPLE.hex);
  const members = page.getByTestId('app-members');
  await expect(members.getByText(MEMBER.email)).toBeVisible();
  await expect(members.getByText(ADMIN.email)).toBeVisible();

  // edit the name
  await page.getByTestId('application-edit').click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('名称').fill(APP40.renamed);
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('application-title')).toHaveText(APP40.renamed);

  // the member becomes a viewer
  await openSelect(page, page.getByTestId(`member-role-${MEMBER.email}`));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^查看者$/ }).click();
  await expect(page.getByText(`已更改 ${MEMBER.name} 的角色`)).toBeVisible();
  await shoot(page, 'application-detail', 'zh-CN');

  // the workspace carries the colour
  await page.getByTestId('open-workspace').click();
  await expect(page).toHaveURL(new RegExp(`/${APP40.slug}$`));
  await expect(page.getByTestId('workspace-title')).toHaveText(APP40.renamed);
  // the Audit module chosen at creation brought its subjects (docs/engagements.md "The model")
  await expect(page.getByTestId('home-subjects')).toContainText('审计项目');
  await expect(page.getByTestId('home-changes')).toContainText('还没有记录');
  await shoot(page, 'workspace-home', 'zh-CN');

  await page.getByTestId('workspace-settings-link').click();
  await expect(page).toHaveURL(new RegExp(`/${APP40.slug}/settings$`));
  const form = page.getByTestId('settings-general-form');
  await expect(form.getByLabel('名称')).toHaveValue(APP40.renamed);
  await expect(form.getByLabel('审计', { exact: true })).toBeChecked();
  await expect(form.getByLabel('基金', { exact: true })).not.toBeChecked();
  const save = page.getByTestId('settings-save');
  await expect(save).toHaveCSS('background-color', PURPLE.rgb);
  await form.getByLabel('描述').fill('集团客户的年度审计');
  await checkBox(form.getByLabel('基金', { exact: true }));
  // the console's "saved" toast of the same text may still be showing (3 s)
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await save.click();
  await expect(page.getByText(`应用“${APP40.renamed}”已保存`)).toBeVisible();
  await shoot(page, 'workspace-settings', 'zh-CN');
  await page.getByRole('tab', { name: '数据对象' }).click();
  await expect(page.getByTestId('settings-subjects').getByTestId('create-subject')).toBeVisible();
  const detail = await page.request.get(`/api/v1/applications/${APP40.slug}`);
  const saved = ((await detail.json()) as { data: { description: string; modules: string[]; color: string } }).data;
  expect(saved).toMatchObject({ description: '集团客户的年度审计', modules: ['audit', 'risk', 'fund'], color: PURPLE.hex });
  expect(unexpected(problems, [{ url: '/api/v1/applications', status: 400 }])).toEqual([]);

  // the viewer sees the settings read-only, and cannot create subjects
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const member = await openUserPage(context);
  await signIn(member.page, MEMBER);
  await member.page.goto(`/${APP40.slug}/settings`);
  await expect(member.page.getByTestId('settings-readonly')).toBeVisible();
  await expect(member.page.getByTestId('settings-general-readonly')).toContainText(APP40.renamed);
  await expect(member.page.getByTestId('settings-save')).toHaveCount(0);
  await expect(member.page.getByTestId(`member-remove-${ADMIN.email}`)).toHaveCount(0);
  await member.page.screenshot({ path: 'tests/e2e/screenshots/apps-workspace-settings-viewer-zh-CN.png', fullPage: true });
  await member.page.getByRole('tab', { name: '数据对象' }).click();
  await expect(member.page.getByTestId('settings-subjects')).toContainText('应用所有者可在此创建数据对象');
  await expect(member.page.getByTestId('create-subject')).toHaveCount(0);
  expect(unexpected(member.problems)).toEqual([]);
  await context.close();
});

test('a client with two contacts linked to the application: created, searched, exported, opened', async ({ page, problems }) => {
  await signIn(page);
  await page.goto('/admin/client');
  await expect(page.getByText('还没有客户')).toBeVisible();
  await page.getByTestId('client-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('编码').fill('ACME-40');
  await dialog.getByLabel('名称').fill('艾克美控股');
  await dialog.getByTestId('client-field-industry').locator('input').fill('制造业');
  await dialog.getByRole('button', { name: '添加联系人' }).click();
  await dialog.getByRole('button', { name: '添加联系人' }).click();
  await dialog.getByPlaceholder('姓名').nth(0).fill('李伟');
  await dialog.getByPlaceholder('职务').nth(0).fill('财务总监');
  await dialog.getByPlaceholder('邮箱').nth(0).fill('li.wei@acme.example');
  await dialog.getByPlaceholder('姓名').nth(1).fill('王芳');
  await dialog.getByPlaceholder('电话').nth(1).fill('021-5555 0100');
  await pick(page, dialog.getByTestId('client-field-applications'), 'fy-clients', `/${APP40.slug}`);
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByLabel('地址').fill('上海市浦东新区');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('客户“艾克美控股”已创建')).toBeVisible();
  const table = page.getByTestId('clients-table');
  await expect(table.getByRole('link', { name: 'ACME-40' })).toBeVisible();

  // a second client, then a search that keeps only the first
  const other = await page.request.post('/api/v1/clients', { headers: AUTH_HEADERS, data: { code: 'BETA-40', name: '贝塔保险', industry: '保险' } });
  expect(other.status()).toBe(201);
  await page.reload();
  await expect(table.getByRole('link', { name: 'BETA-40' })).toBeVisible();
  await page.getByPlaceholder('编码或名称').fill('acme');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.getByRole('link', { name: 'BETA-40' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'ACME-40' })).toBeVisible();
  await shoot(page, 'clients', 'zh-CN');

  // export what is shown
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('client-export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^clients-\d{8}-\d{6}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFcode,name,industry,status,contacts,address,notes,applications,createdAt,updatedAt');
  expect(csv).toContain('ACME-40,艾克美控股,制造业,active');
  expect(csv).toContain('李伟, 财务总监, li.wei@acme.example, ');
  expect(csv).toContain(APP40.slug);
  expect(csv).not.toContain('BETA-40');

  // the client's page
  await table.getByRole('link', { name: 'ACME-40' }).click();
  await expect(page).toHaveURL(/\/admin\/client\/[0-9a-f-]{36}$/);
  clientUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('client-title')).toHaveText('艾克美控股');
  await expect(page.getByTestId('client-contacts').getByText('李伟')).toBeVisible();
  await expect(page.getByTestId('client-contacts').getByText('021-5555 0100')).toBeVisible();
  await expect(page.getByTestId('client-applications').getByRole('link', { name: APP40.renamed })).toBeVisible();
  await shoot(page, 'client-detail', 'zh-CN');

  // the application's page lists the client
  await page.goto(`/admin/application/${APP40.slug}`);
  await page.getByRole('tab', { name: '关联客户' }).click();
  await expect(page.getByRole('link', { name: 'ACME-40' })).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('screenshots of the application and client screens in both languages', async ({ page, problems }) => {
  test.setTimeout(120_000); // twelve full-page screenshots: ~40 s alone, more while another server shares the cores
  await signIn(page);
  const screens = async (lang: string) => {
    await page.goto('/admin/application');
    await expect(page.getByTestId('applications-table').getByText(APP40.renamed)).toBeVisible();
    await shoot(page, 'applications', lang);
    await page.goto(`/admin/application/${APP40.slug}`);
    await expect(page.getByTestId('application-detail')).toBeVisible();
    await shoot(page, 'application-detail', lang);
    await page.getByTestId('application-edit').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `tests/e2e/screenshots/apps-application-form-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`/${APP40.slug}`);
    await expect(page.getByTestId('workspace-title')).toBeVisible();
    await shoot(page, 'workspace-home', lang);
    await page.goto(`/${APP40.slug}/settings`);
    await expect(page.getByTestId('settings-general-form')).toBeVisible();
    await shoot(page, 'workspace-settings', lang);
    await page.goto('/admin/client');
    await expect(page.getByTestId('clients-table').getByText('ACME-40')).toBeVisible();
    await shoot(page, 'clients', lang);
    await page.goto(clientUrl);
    await expect(page.getByTestId('client-detail')).toBeVisible();
    await shoot(page, 'client-detail', lang);
    await page.getByTestId('client-edit').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `tests/e2e/screenshots/apps-client-form-${lang}.png` });
    await page.keyboard.press('Escape');
  };
  await screens('zh-CN');
  await page.goto('/admin/client');
  await switchLanguage(page, 'en-US');
  await screens('en-US');
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('客户管理').first()).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});
