/**
 * Subjects and the schema editor in the browser, after 00-walking-skeleton (administrator
 * and application audit-2026): create a subject and give it thirteen fields of twelve types (text,
 * long text, number, money, date, datetime, yes/no, single select with three choices, multiple
 * select, e-mail, formula, auto number); see it in the list and on its page; rename a field; change
 * reorder by dragging and by the arrows; delete a field; last (it needs the records API), change a
 * text field holding non-numeric data to number and see the refusal list the record. Screenshots
 * of the list, the subject page, the editor, a field's drawer and the refusal in zh-CN and en-US
 * (tests/e2e/screenshots/subjects-*.png).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { chooseOption, openSelect, signIn, switchLanguage } from './actions';
import { APP, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const SUBJECT = { key: 'working_papers', name: '审计底稿' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
/** A screenshot: the whole page, or only the viewport for a drawer or modal (`fullPage` false). */
const shot = (page: Page, name: string, lang: string, fullPage = true) =>
  page.screenshot({ path: `tests/e2e/screenshots/subjects-${name}-${lang}.png`, fullPage });

interface FieldOut {
  key: string;
  name: string;
  type: string;
  options: { choices?: { label: string }[] };
}
interface SubjectOut {
  id: string;
  key: string;
  fields: FieldOut[];
}

async function subjectDetail(page: Page): Promise<SubjectOut> {
  const res = await page.request.get(API);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: SubjectOut }).data;
}

/** The open field drawer. */
const drawerOf = (page: Page) => page.locator('.field-drawer .ant-drawer-content');

/** Picks a type in the drawer's grouped type picker, searching by its Chinese name. */
async function pickType(page: Page, type: string, search: string) {
  const drawer = drawerOf(page);
  await openSelect(page, drawer.getByLabel('类型', { exact: true }));
  await page.keyboard.type(search);
  await chooseOption(page, page.locator('.ant-select-dropdown:visible').getByTestId(`field-type-${type}`));
}

interface NewField {
  name: string;
  key: string;
  type?: [string, string];
  fill?: (drawer: Locator, page: Page) => Promise<void>;
}

async function addField(page: Page, f: NewField) {
  await page.getByTestId('add-field').click();
  const drawer = drawerOf(page);
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('名称', { exact: true }).fill(f.name);
  await drawer.getByLabel('键', { exact: true }).fill(f.key);
  if (f.type) await pickType(page, f.type[0], f.type[1]);
  await f.fill?.(drawer, page);
  await drawer.getByTestId('save-field').click();
  await expect(page.getByText(`字段“${f.name}”已添加`)).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId(`field-row-${f.key}`)).toBeVisible();
}

async function addChoices(drawer: Locator, labels: string[]) {
  for (const [i, label] of labels.entries()) {
    await drawer.getByTestId('add-choice').click();
    await drawer.getByLabel(`名称 ${i + 1}`, { exact: true }).fill(label);
  }
}

const FIELDS: NewField[] = [
  { name: '标题', key: 'title', fill: (d) => d.getByRole('switch').first().click() },
  { name: '说明', key: 'notes', type: ['longText', '多行'] },
  { name: '数量', key: 'quantity', type: ['number', '数字'] },
  { name: '金额', key: 'amount', type: ['money', '金额'] },
  { name: '截止日期', key: 'due_date', type: ['date', '日期'] },
  { name: '复核时间', key: 'reviewed_at', type: ['datetime', '日期时间'] },
  { name: '已完成', key: 'done', type: ['boolean', '是'] },
  { name: '状态', key: 'status', type: ['singleSelect', '单选'], fill: (d) => addChoices(d, ['待办', '进行中', '已完成']) },
  { name: '标签', key: 'labels', type: ['multiSelect', '多选'], fill: (d) => addChoices(d, ['重要', '需复核']) },
  { name: '联系邮箱', key: 'contact_email', type: ['email', '邮箱'] },
  { name: '参考号', key: 'ref_no' },
  {
    name: '合计',
    key: 'total',
    type: ['formula', '公式'],
    fill: async (d) => {
      await d.getByLabel('表达式', { exact: true }).fill('quantity * amount');
    },
  },
  {
    name: '编号',
    key: 'code',
    type: ['autoNumber', '自动编号'],
    fill: async (d) => {
      await d.getByLabel('前缀', { exact: true }).fill('WP-');
      await expect(d.getByTestId('auto-number-preview')).toContainText('WP-001');
    },
  },
];

test('create a subject with twelve field types, see it in the list and on its page', async ({ page, problems }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/admin/subject');
  await expect(page.getByTestId('subjects-table')).toBeVisible();
  await page.getByTestId('create-subject').click();
  const dialog = page.getByRole('dialog');
  await openSelect(page, dialog.getByLabel('所属应用'));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: APP.slug }).click();
  await dialog.getByLabel('名称').fill(SUBJECT.name);
  // a reserved word is refused on the field, before any request
  await dialog.getByLabel('键').fill('settings');
  await expect(dialog.getByText('“settings”是保留字：工作区已有页面使用这个地址')).toBeVisible();
  await dialog.getByLabel('键').fill('Working');
  await expect(dialog.getByText('以小写字母开头，之后只能是小写字母、数字或 _（最多 40 个字符）')).toBeVisible();
  await dialog.getByLabel('键').fill(SUBJECT.key);
  await dialog.getByLabel('描述').fill('年度审计的工作底稿');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/subject\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByTestId('schema-editor')).toBeVisible();

  for (const f of FIELDS) await addField(page, f);

  const detail = await subjectDetail(page);
  expect(detail.fields.map((f) => f.key)).toEqual(FIELDS.map((f) => f.key));
  expect(new Set(detail.fields.map((f) => f.type)).size).toBe(12);
  expect(detail.fields.find((f) => f.key === 'status')?.options.choices?.map((c) => c.label)).toEqual([
    '待办',
    '进行中',
    '已完成',
  ]);

  await page.goto('/admin/subject');
  const row = page.getByTestId('subjects-table').locator('tr', { has: page.getByTestId(`subject-link-${SUBJECT.key}`) });
  await expect(row).toContainText(SUBJECT.key);
  await expect(row).toContainText(APP.name);
  await row.getByTestId(`subject-link-${SUBJECT.key}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subject/${detail.id}$`));
  await expect(page.getByTestId('record-count')).toHaveText('0');
  const fieldsTable = page.getByTestId('subject-fields');
  await expect(fieldsTable.locator('tbody tr')).toHaveCount(FIELDS.length);
  await expect(fieldsTable).toContainText('自动编号');
  await page.getByTestId('edit-schema').click();
  await expect(page).toHaveURL(new RegExp(`/admin/subject/${detail.id}/edit$`));
  expect(unexpected(problems)).toEqual([]);
});

test('rename a field, reorder by dragging and by the arrows, delete a field', async ({ page, problems }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const before = await subjectDetail(page);
  await page.goto(`/admin/subject/${before.id}/edit`);
  await expect(page.getByTestId('field-row-notes')).toBeVisible();

  // rename
  await page.getByTestId('edit-field-notes').click();
  const drawer = drawerOf(page);
  await expect(drawer.getByLabel('键', { exact: true })).toBeDisabled();
  await drawer.getByLabel('名称', { exact: true }).fill('备注说明');
  await drawer.getByTestId('save-field').click();
  await expect(page.getByText('字段“备注说明”已保存')).toBeVisible();
  await expect(page.getByTestId('field-row-notes')).toHaveText('备注说明');

  // rename a choice of the single select: sent with its previous label
  await page.getByTestId('edit-field-status').click();
  await drawer.getByLabel('名称 1', { exact: true }).fill('未开始');
  await expect(drawer.getByText('原为“待办”')).toBeVisible();
  await drawer.getByTestId('save-field').click();
  await expect(page.getByText('字段“状态”已保存')).toBeVisible();
  await expect(drawer).toBeHidden();
  const status = (await subjectDetail(page)).fields.find((f) => f.key === 'status');
  expect(status?.options.choices?.map((c) => c.label)).toEqual(['未开始', '进行中', '已完成']);

  // reorder: drag "数量" (third) above "标题" (first), then move it down once with the arrow
  await page.setViewportSize({ width: 1440, height: 900 });
  const handle = (key: string) =>
    page.locator('tr', { has: page.getByTestId(`field-row-${key}`) }).locator('.ant-pro-table-drag-icon');
  await handle('title').scrollIntoViewIfNeeded();
  const from = await handle('quantity').boundingBox();
  const to = await handle('title').boundingBox();
  expect(from && to).toBeTruthy();
  if (from && to) {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y, { steps: 20 });
    await page.mouse.up();
  }
  await expect(page.getByText('字段顺序已保存')).toBeVisible();
  await expect
    .poll(async () => (await subjectDetail(page)).fields.slice(0, 3).map((f) => f.key))
    .toEqual(['quantity', 'title', 'notes']);
  await page
    .locator('tr', { has: page.getByTestId('field-row-quantity') })
    .getByRole('button', { name: '下移' })
    .click();
  await expect
    .poll(async () => (await subjectDetail(page)).fields.slice(0, 3).map((f) => f.key))
    .toEqual(['title', 'quantity', 'notes']);

  // delete a field: to the recycle bin
  await page.getByTestId('delete-field-labels').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('回收站');
  // a click during the confirm dialog's opening animation is sometimes lost: click until it closes
  await expect(async () => {
    await page.getByTestId('confirm-delete-field').click({ timeout: 2_000 });
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('field-row-labels')).toHaveCount(0);
  expect((await subjectDetail(page)).fields.map((f) => f.key)).not.toContain('labels');
  expect(unexpected(problems)).toEqual([]);
});

test('screenshots of the subject screens in zh-CN and en-US', async ({ page, problems }) => {
  await signIn(page);
  const detail = await subjectDetail(page);
  const screens: [string, string, (p: Page) => Promise<unknown>][] = [
    ['list', '/admin/subject', (p) => expect(p.getByTestId(`subject-link-${SUBJECT.key}`)).toBeVisible()],
    ['detail', `/admin/subject/${detail.id}`, (p) => expect(p.getByTestId('subject-fields')).toBeVisible()],
    ['editor', `/admin/subject/${detail.id}/edit`, (p) => expect(p.getByTestId('field-row-title')).toBeVisible()],
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
    // the drawer of a select field
    await page.getByTestId('edit-field-status').click();
    await expect(page.getByTestId('choices-editor')).toBeVisible();
    await page.waitForTimeout(400);
    await shot(page, 'field-drawer', lang, false);
    await page.keyboard.press('Escape');
    await expect(drawerOf(page)).toBeHidden();
  }
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('审计底稿').first()).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('a type change that would break a record is refused, listing it (zh-CN and en-US)', async ({ page, problems }) => {
  await signIn(page);
  const subject = await subjectDetail(page);
  // a record whose ref_no is not a number, through the records API
  const created = await page.request.post(`${API}/records`, {
    headers: AUTH_HEADERS,
    data: { values: { title: '货币资金底稿', ref_no: 'REF-001' } },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const record = ((await created.json()) as { data: { record: { id: string } } }).data.record;

  for (const lang of ['zh-CN', 'en-US'] as const) {
    const zh = lang === 'zh-CN';
    if (!zh) {
      await switchLanguage(page, 'en-US');
    }
    await page.goto(`/admin/subject/${subject.id}/edit`);
    await page.getByTestId('edit-field-ref_no').click();
    const drawer = drawerOf(page);
    await openSelect(page, drawer.getByLabel(zh ? '类型' : 'Type', { exact: true }));
    await page.keyboard.type(zh ? '数字' : 'Number');
    await page.locator('.ant-select-dropdown:visible').getByTestId('field-type-number').click();
    await drawer.getByTestId('save-field').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(zh ? '修改字段“参考号”的类型？' : 'Change the type of “参考号”?');
    await confirm.getByRole('button', { name: zh ? '修改类型' : 'Change type' }).click();
    const refused = page.getByTestId('type-change-refused');
    await expect(refused).toContainText('REF-001');
    await expect(refused.getByTestId('refused-record')).toHaveAttribute('href', `/${APP.slug}/${SUBJECT.key}/${record.id}`);
    await expect(page.getByText(zh ? '未保存：1 条记录会出错' : 'Not saved: 1 record would break')).toBeVisible();
    await page.waitForTimeout(400);
    await shot(page, 'refused', lang, false);
    await page.getByRole('button', { name: zh ? '返回表单' : 'Back to the form' }).click();
    await expect(refused).toBeHidden();
    // the form keeps what was typed; nothing changed on the server
    await expect(drawer.locator('.ant-select-selection-item').filter({ hasText: zh ? '数字' : 'Number' })).toBeVisible();
    await drawer.getByRole('button', { name: zh ? /取\s*消/ : 'Cancel' }).click();
    await expect(drawer).toBeHidden();
    expect((await subjectDetail(page)).fields.find((f) => f.key === 'ref_no')?.type).toBe('text');
  }
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('“审计底稿”的结构')).toBeVisible();
  expect(unexpected(problems, [{ url: `${API}/fields/ref_no`, status: 409 }])).toEqual([]);
});
