/**
 * Variables, tags and categories in the browser, after 00-walking-skeleton (which
 * created the administrator): create a number variable (the value is checked on the field) and a
 * secret one (masked everywhere, never in a response); create tags; build a small category tree
 * and drag one node under another; tag and categorise a variable. Screenshots of the variables
 * list and detail, tags, the category tree and a category's detail in zh-CN and en-US
 * (tests/e2e/screenshots/catalog-*.png).
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { openSelect, signIn, switchLanguage } from './actions';

test.describe.configure({ mode: 'serial' });

const SECRET = 'Smtp-Pa55word-2026';
const shot = (page: Page, name: string, lang: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/catalog-${name}-${lang}.png`, fullPage: true });

async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) }).click();
}

async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('variables: a number checked on its field, a secret masked and never sent back', async ({ page, problems }) => {
  await signIn(page);
  await page.goto('/admin/variable');
  await page.getByTestId('create-variable').click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('键').fill('REPORT_YEAR');
  await openSelect(page, dialog.getByLabel('类型'));
  await pickOption(page, '数字');
  await dialog.getByLabel('值').fill('二〇二六');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('值必须是数字')).toBeVisible();
  await dialog.getByLabel('值').fill('2026');
  await dialog.getByLabel('描述').fill('当前审计年度');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/variable\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('variable-descriptions').getByText('2026', { exact: true })).toBeVisible();

  await page.goto('/admin/variable');
  await page.getByTestId('create-variable').click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('键').fill('SMTP_PASSWORD');
  await openSelect(page, dialog.getByLabel('类型'));
  await pickOption(page, '密钥');
  const responses: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/variables')) void r.text().then((t) => responses.push(t)).catch(() => undefined);
  });
  await dialog.getByLabel('值').fill(SECRET);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/variable\/[0-9a-f-]{36}$/);
  await expect(page.getByText('••••••（已加密保存，不可查看）')).toBeVisible();
  await expect(page.getByLabel('设置新值')).toHaveValue('');
  await page.goto('/admin/variable');
  const table = page.getByTestId('variable-table');
  await expect(table.getByText('SMTP_PASSWORD')).toBeVisible();
  await expect(table.getByTestId('secret-mask')).toHaveText('••••••');
  expect(await page.content()).not.toContain(SECRET);
  expect(responses.length).toBeGreaterThan(0);
  for (const body of responses) expect(body).not.toContain(SECRET);
  expect(unexpected(problems)).toEqual([]);
});

test('tags and a category tree: create, drag a node under another, tag and categorise a variable', async ({ page, problems }) => {
  await signIn(page);
  await page.goto('/admin/tag');
  for (const name of ['重要', '待复核']) {
    await page.getByTestId('create-tag').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText(`标签“${name}”已创建`)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  await page.goto('/admin/category');
  await expect(page.getByText('还没有分类。新建一个顶级分类开始。')).toBeVisible();
  for (const name of ['财务', '运营']) {
    await page.getByTestId('create-root-category').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByTestId(`category-node-${name}`)).toBeAttached();
  }
  await page.getByTestId('add-child-财务').click();
  const child = page.getByRole('dialog');
  await child.getByLabel('名称').fill('税务');
  await child.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('category-node-税务')).toBeAttached();

  // drag 运营 onto the lower half of 财务, well to the right (rc-tree: inside the node, not after it)
  const treeNode = (name: string) => page.locator('.ant-tree-treenode').filter({ has: page.getByTestId(`category-node-${name}`) });
  const box = await treeNode('财务').boundingBox();
  const height = box?.height ?? 28;
  await treeNode('运营').dragTo(treeNode('财务'), {
    sourcePosition: { x: 40, y: height / 2 },
    targetPosition: { x: 140, y: Math.round(height * 0.7) },
  });
  await expect(page.getByText('已移动')).toBeVisible();
  const categories = await api<{ id: string; name: string; parentId: string | null }[]>(page, '/api/v1/categories');
  const finance = categories.find((c) => c.name === '财务')!;
  expect(categories.find((c) => c.name === '运营')?.parentId).toBe(finance.id);

  // tag and categorise the variable REPORT_YEAR
  await page.goto('/admin/variable');
  await page.getByTestId('variable-table').getByRole('link', { name: 'REPORT_YEAR' }).click();
  await expect(page).toHaveURL(/\/admin\/variable\/[0-9a-f-]{36}$/);
  const variableId = page.url().split('/').pop()!;
  const editor = page.getByTestId('tags-and-categories');
  await editor.getByLabel('标签').click({ force: true });
  await pickOption(page, '重要');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await openSelect(page, editor.getByLabel('分类'));
  await page.keyboard.type('税务');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: /^税务$/ }).click();
  await page.keyboard.press('Escape');
  await editor.getByTestId('save-tags-and-categories').click();
  await expect(page.getByText('标签与分类已保存')).toBeVisible();
  const tags = await api<{ name: string }[]>(page, `/api/v1/tags/of?targetType=variable&targetId=${variableId}`);
  expect(tags.map((t) => t.name)).toEqual(['重要']);
  const cats = await api<{ name: string }[]>(page, `/api/v1/categories/of?targetType=variable&targetId=${variableId}`);
  expect(cats.map((c) => c.name)).toEqual(['税务']);
  expect(unexpected(problems)).toEqual([]);
});

test('screenshots of the catalogue screens in zh-CN and en-US', async ({ page, problems }) => {
  await signIn(page);
  const categories = await api<{ id: string; name: string }[]>(page, '/api/v1/categories');
  const tax = categories.find((c) => c.name === '税务')!;
  const variables = await api<{ id: string; key: string }[]>(page, '/api/v1/variables?q=REPORT_YEAR');
  const screens: [string, string, (p: Page) => Promise<unknown>][] = [
    ['variables', '/admin/variable', (p) => expect(p.getByTestId('secret-mask')).toBeVisible()],
    ['variable-detail', `/admin/variable/${variables[0].id}`, (p) => expect(p.getByTestId('tags-and-categories')).toBeVisible()],
    ['tags', '/admin/tag', (p) => expect(p.locator('.ant-table-row').first()).toBeVisible()],
    ['categories', '/admin/category', (p) => expect(p.getByTestId('category-tree')).toBeVisible()],
    ['category-detail', `/admin/category/${tax.id}`, (p) => expect(p.getByTestId('category-path')).toBeVisible()],
  ];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    if (lang === 'en-US') {
      await switchLanguage(page, 'en-US');
    }
    for (const [name, url, ready] of screens) {
      await page.goto(url);
      await ready(page);
      await page.waitForLoadState('networkidle');
      await shot(page, name, lang);
    }
  }
  await expect(page.getByText('Category: 税务')).toBeVisible();
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('分类：税务')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});
