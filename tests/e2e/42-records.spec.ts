/**
 * Records in the browser, after 00-walking-skeleton (administrator, application
 * audit-2026). The spec makes its own subject through the API (fourteen fields of fourteen types)
 * and 24 records, then: adds a record through the grid's drawer (a required field and a bound
 * refused first), pages on the server (25 > 20), sorts by a column both ways, searches, filters
 * with an and-group of two conditions, bulk-edits three records and bulk-deletes two; on a
 * record's page edits values, opens the history and restores the first version, comments (and
 * deletes the comment), tags it, attaches a file (downloaded, then deleted); a stale edit (the
 * API saves behind the form's back) shows the conflict panel and the edits are re-applied on the
 * newest version; unknown records render 404;
 * the console's /admin/record shows the same grid and detail; a viewer reads without any write
 * button. Screenshots (tests/e2e/screenshots/records-*.png): grid, filter builder, detail and
 * history in zh-CN and en-US, the conflict panel in zh-CN.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { apiJson, chooseOption, openSelect, signIn, switchLanguage } from './actions';
import { APP, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const SUBJECT = { key: 'ledger_items', name: '审计事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const GRID = `/${APP.slug}/${SUBJECT.key}`;
const STATUSES = ['待办', '进行中', '已完成'];
const shot = (page: Page, name: string, lang: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/records-${name}-${lang}.png`, fullPage: !name.startsWith('filter') });

interface RecordOut {
  id: string;
  version: number;
  values: Record<string, unknown>;
}

/** Chooses the option labelled exactly `text` of the open single select. */
async function pickOption(page: Page, text: string) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });
  await chooseOption(page, option);
}

async function findRecord(page: Page, title: string): Promise<RecordOut> {
  const filter = JSON.stringify({ op: 'and', items: [{ field: 'title', op: 'eq', value: title }] });
  const list = await apiJson<RecordOut[]>(page, 'GET', `${API}/records?filter=${encodeURIComponent(filter)}`);
  expect(list).toHaveLength(1);
  return list[0];
}

const rows = (page: Page) => page.getByTestId('records-grid').locator('tbody tr.ant-table-row');
const firstTitle = (page: Page) => rows(page).first().getByTestId('record-link');
const totalText = (page: Page) => page.locator('.ant-pagination-total-text');

/** The next records list the page asks for whose query matches `check`. */
const listCall = (page: Page, check: (q: URLSearchParams) => boolean) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === `${API}/records` && check(url.searchParams);
  });

const title = (i: number) => `事项 ${String(i).padStart(2, '0')}`;

test('a subject of fourteen field types and 24 records, made through the API', async ({ page, problems }) => {
  await signIn(page);
  const existing = await page.request.get(API);
  if (existing.status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      key: SUBJECT.key,
      name: SUBJECT.name,
      description: '浏览器测试的记录',
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true, validation: { maxLength: 60 } },
        { key: 'notes', name: '说明', type: 'longText' },
        { key: 'quantity', name: '数量', type: 'number', options: { precision: 0 }, validation: { min: 0 } },
        { key: 'amount', name: '金额', type: 'money', options: { currency: 'CNY', precision: 2 } },
        { key: 'rate', name: '完成率', type: 'percent', options: { precision: 1 } },
        { key: 'due_date', name: '截止日期', type: 'date' },
        { key: 'reviewed_at', name: '复核时间', type: 'datetime' },
        { key: 'done', name: '已完成', type: 'boolean' },
        {
          key: 'status',
          name: '状态',
          type: 'singleSelect',
          options: {
            choices: [
              { label: '待办', color: '#1677ff' },
              { label: '进行中', color: '#fa8c16' },
              { label: '已完成', color: '#52c41a' },
            ],
          },
        },
        {
          key: 'labels',
          name: '标签',
          type: 'multiSelect',
          options: {
            choices: [
              { label: '重要', color: '#f5222d' },
              { label: '需复核', color: '#722ed1' },
            ],
          },
        },
        { key: 'contact_email', name: '联系邮箱', type: 'email' },
        { key: 'owner', name: '负责人', type: 'user' },
        {
          key: 'total',
          name: '合计',
          type: 'formula',
          options: { expression: 'quantity * amount', resultType: 'number', precision: 2 },
        },
        { key: 'code', name: '编号', type: 'autoNumber', options: { prefix: 'AI-', padding: 3 } },
      ],
    });
  }
  const me = await apiJson<{ id: string }>(page, 'GET', '/api/v1/auth/me');
  for (let i = 1; i <= 24; i++) {
    await apiJson(page, 'POST', `${API}/records`, {
      values: {
        title: title(i),
        notes: i === 1 ? '第一条事项的说明\n第二行' : null,
        quantity: i,
        amount: `${i * 100}.50`,
        rate: i * 4,
        due_date: `2026-03-${String(i).padStart(2, '0')}`,
        reviewed_at: `2026-03-${String(i).padStart(2, '0')}T02:30:00.000Z`,
        done: i % 2 === 0,
        status: STATUSES[i % 3],
        labels: i % 4 === 0 ? ['重要'] : [],
        contact_email: `auditor${i}@example.com`,
        owner: me.id,
      },
    });
  }
  expect(unexpected(problems)).toEqual([]);
});

test('add a record through the grid: the required field is named, then it is saved', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(GRID);
  await expect(totalText(page)).toHaveText('共 24 条记录');
  await expect(rows(page)).toHaveCount(20);
  await page.getByTestId('create-record').click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByTestId('create-record-form')).toBeVisible();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText('请填写标题')).toBeVisible();
  await drawer.getByLabel('标题', { exact: true }).fill('表单记录');
  await drawer.getByLabel('数量', { exact: true }).fill('-3');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText('数量不能小于 0')).toBeVisible();
  await drawer.getByLabel('数量', { exact: true }).fill('100');
  await drawer.getByLabel('金额', { exact: true }).fill('1234.5');
  await drawer.getByLabel('说明', { exact: true }).fill('从表单新建');
  await openSelect(page, drawer.getByLabel('状态', { exact: true }));
  await pickOption(page, '待办');
  await drawer.getByLabel('截止日期', { exact: true }).click();
  await drawer.getByLabel('截止日期', { exact: true }).fill('2026-04-30');
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('记录已创建')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(totalText(page)).toHaveText('共 25 条记录');
  // Newest first by default; money in its currency, the formula computed by the server.
  await expect(firstTitle(page)).toHaveText('表单记录');
  await expect(rows(page).first()).toContainText('¥1,234.50');
  await expect(rows(page).first()).toContainText('123,450.00');
  await expect(rows(page).first()).toContainText('AI-025');
  expect(unexpected(problems)).toEqual([]);
});

test('server paging, sorting both ways, quick search', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(GRID);
  await expect(rows(page)).toHaveCount(20);
  const pageTwo = listCall(page, (q) => q.get('current') === '2');
  await page.locator('.ant-pagination-item-2').click();
  await pageTwo;
  await expect(rows(page)).toHaveCount(5);

  const header = page.getByTestId('records-grid').getByRole('columnheader', { name: '数量', exact: true });
  const asc = listCall(page, (q) => q.get('sort') === 'quantity:asc' && q.get('current') === '1');
  await header.click();
  await asc;
  await expect(firstTitle(page)).toHaveText('事项 01');
  const desc = listCall(page, (q) => q.get('sort') === 'quantity:desc');
  await header.click();
  await desc;
  await expect(firstTitle(page)).toHaveText('表单记录');

  await page.getByTestId('records-search').fill('事项 07');
  await page.getByTestId('records-search').press('Enter');
  await expect(totalText(page)).toHaveText('共 1 条记录');
  await expect(firstTitle(page)).toHaveText('事项 07');
  await page.getByTestId('records-search').fill('没有这样的事项');
  await page.getByTestId('records-search').press('Enter');
  await expect(page.getByTestId('records-empty')).toContainText('没有符合搜索或筛选条件的记录');
  await page.getByRole('button', { name: '清除搜索和筛选' }).click();
  await expect(totalText(page)).toHaveText('共 25 条记录');
  expect(unexpected(problems)).toEqual([]);
});

test('filter with an and-group of two conditions', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(GRID);
  await expect(rows(page)).toHaveCount(20);
  await page.getByTestId('filter-button').click();
  const popover = page.getByTestId('filter-panel');
  await expect(popover).toBeVisible();
  // The first condition: 状态 等于 进行中.
  await openSelect(page, popover.getByTestId('filter-condition-0-0-field'));
  await pickOption(page, '状态');
  await openSelect(page, popover.getByTestId('filter-condition-0-0-value'));
  await pickOption(page, '进行中');
  // The second: 数量 大于 10.
  await popover.getByTestId('filter-group-0-add').click();
  await openSelect(page, popover.getByTestId('filter-condition-0-1-field'));
  await pickOption(page, '数量');
  await openSelect(page, popover.getByTestId('filter-condition-0-1-op'));
  await pickOption(page, '大于');
  await popover.getByTestId('filter-condition-0-1-value').fill('10');
  const filtered = listCall(page, (q) => q.has('filter'));
  await page.getByTestId('filter-apply').click();
  const url = new URL((await filtered).url());
  expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({
    op: 'and',
    items: [
      { field: 'status', op: 'eq', value: '进行中' },
      { field: 'quantity', op: 'gt', value: '10' },
    ],
  });
  // 进行中 = i % 3 === 1 → 13, 16, 19, 22 above 10.
  await expect(totalText(page)).toHaveText('共 4 条记录');
  await expect(page.getByTestId('filter-button').locator('..').locator('.ant-badge-count')).toHaveText('2');
  await page.getByTestId('filter-button').click();
  await page.getByTestId('filter-clear').click();
  await expect(totalText(page)).toHaveText('共 25 条记录');
  expect(unexpected(problems)).toEqual([]);
});

test('bulk edit three records, bulk delete two', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(GRID);
  await expect(rows(page)).toHaveCount(20);
  for (const i of [1, 2, 3]) await rows(page).nth(i).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('records-selected')).toHaveText('已选 3 条');
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('bulk-edit-form') });
  // The selection bar slides in: click again if the first click landed during its animation.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByTestId('bulk-edit').click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await openSelect(page, dialog.getByTestId('bulk-edit-field'));
  // Typed and chosen with Enter: the long option list scrolls under the pointer inside the modal.
  await page.keyboard.type('完成率');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('新值')).toBeVisible();
  await dialog.getByLabel('新值').fill('99.5');
  await page.getByTestId('bulk-edit-ok').click();
  await expect(page.getByText('将 3 条记录的“完成率”设为新值？')).toBeVisible();
  await page.getByTestId('bulk-edit-confirm').click();
  await expect(page.getByText('已更新 3 条记录')).toBeVisible();
  const rates = await apiJson<RecordOut[]>(
    page,
    'GET',
    `${API}/records?filter=${encodeURIComponent(JSON.stringify({ op: 'and', items: [{ field: 'rate', op: 'eq', value: '99.5' }] }))}`,
  );
  expect(rates).toHaveLength(3);

  await expect(rows(page)).toHaveCount(20);
  for (const i of [4, 5]) await rows(page).nth(i).locator('.ant-checkbox-input').check();
  await page.getByTestId('bulk-delete').click();
  await expect(page.getByText('删除 2 条记录？它们会进入回收站，可以恢复。')).toBeVisible();
  await page.getByTestId('bulk-delete-confirm').click();
  await expect(page.getByText('已将 2 条记录移入回收站')).toBeVisible();
  await expect(totalText(page)).toHaveText('共 23 条记录');
  expect(unexpected(problems)).toEqual([]);
});

test('a record: edit, history and restore, comment, tag', async ({ page, problems }) => {
  await signIn(page);
  const rec = await findRecord(page, title(1));
  await page.goto(`${GRID}/${rec.id}`);
  await expect(page.getByTestId('record-title')).toHaveText(title(1));
  await expect(page.getByTestId('record-value-amount')).toHaveText('¥100.50');
  await expect(page.getByTestId('record-value-status')).toHaveText('进行中');

  await page.getByTestId('record-edit').click();
  const form = page.getByTestId('record-edit-form');
  await form.getByLabel('数量', { exact: true }).fill('55');
  await openSelect(page, form.getByLabel('状态', { exact: true }));
  await pickOption(page, '已完成');
  await page.getByTestId('record-save').click();
  await expect(page.getByText('已保存为版本 2')).toBeVisible();
  await expect(page.getByTestId('record-value-quantity')).toHaveText('55');

  await page.getByTestId('tab-history').click();
  const v2 = page.getByTestId('version-2');
  await expect(v2.getByTestId('change-quantity')).toContainText('数量');
  await expect(v2.getByTestId('change-quantity')).toContainText('55');
  await expect(v2.getByTestId('change-status')).toContainText('已完成');
  await expect(v2.getByTestId('compare-2-quantity')).toHaveAttribute(
    'href',
    `/compare_record_field?app=${APP.slug}&subject=${SUBJECT.key}&record=${rec.id}&field=quantity`,
  );
  await page.getByTestId('restore-1').click();
  await expect(page.getByText('恢复版本 1？')).toBeVisible();
  await page.getByTestId('restore-confirm').click();
  await expect(page.getByText('已恢复版本 1')).toBeVisible();
  await expect(page.getByTestId('record-value-quantity')).toHaveText('1');
  await expect(page.getByTestId('record-value-status')).toHaveText('进行中');
  await expect(page.getByTestId('version-3')).toBeVisible();
  expect((await findRecord(page, title(1))).version).toBe(3);

  await page.getByTestId('tab-comments').click();
  await page.getByTestId('comment-input').fill('请复核金额的来源凭证。');
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment').filter({ hasText: '请复核金额的来源凭证。' })).toBeVisible();
  await page.getByTestId('comment-input').fill('临时备注，稍后删除');
  await page.getByTestId('comment-submit').click();
  const temp = page.getByTestId('comment').filter({ hasText: '临时备注，稍后删除' });
  await temp.getByTestId('comment-delete').click();
  await page.getByTestId('comment-delete-confirm').click();
  await expect(page.getByText('评论已删除')).toBeVisible();
  await expect(temp).toHaveCount(0);
  await expect(page.getByTestId('comment')).toHaveCount(1);

  const tag = await apiJson<{ id: string }>(page, 'POST', '/api/v1/tags', { name: '重点关注', color: '#f5222d' });
  await page.getByTestId('tab-tags').click();
  await openSelect(page, page.getByTestId('record-tags').getByTestId('tag-picker'));
  await page.keyboard.type('重点');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '重点关注' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('save-tags-and-categories').click();
  await expect(page.getByText('标签和分类已保存')).toBeVisible();
  const detail = await apiJson<{ tagIds: string[] }>(page, 'GET', `${API}/records/${rec.id}`);
  expect(detail.tagIds).toEqual([tag.id]);

  // a file attached to the record: uploaded, listed with its download link, deleted
  await page.getByTestId('tab-attachments').click();
  await page
    .getByTestId('record-attachments')
    .locator('input[type=file]')
    .setInputFiles({ name: '函证回函.txt', mimeType: 'text/plain', buffer: Buffer.from('回函金额与账面一致。') });
  await expect(page.getByText('“函证回函.txt”已上传')).toBeVisible();
  const file = page.getByTestId('attachment').filter({ hasText: '函证回函.txt' });
  await expect(file).toBeVisible();
  const href = await file.getByRole('link', { name: '函证回函.txt' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/v1\/attachments\/[0-9a-f-]{36}\/content$/);
  const download = await page.request.get(href ?? '');
  expect(await download.text()).toBe('回函金额与账面一致。');
  await file.getByTestId('attachment-delete').click();
  await page.getByTestId('attachment-delete-confirm').click();
  await expect(page.getByText('文件已删除')).toBeVisible();
  await expect(page.getByTestId('attachment')).toHaveCount(0);
  expect(unexpected(problems)).toEqual([]);
});

test('a stale edit shows what changed meanwhile; the edits are re-applied on the newest version', async ({ page, problems }) => {
  await signIn(page);
  const rec = await findRecord(page, title(6));
  await page.goto(`${GRID}/${rec.id}`);
  await page.getByTestId('record-edit').click();
  const form = page.getByTestId('record-edit-form');
  await form.getByLabel('说明', { exact: true }).fill('我在表单里写的说明');
  // Someone else saves the record meanwhile.
  await apiJson(page, 'PATCH', `${API}/records/${rec.id}`, { version: rec.version, values: { quantity: 66 } });
  await page.getByTestId('record-save').click();
  const conflict = page.getByTestId('stale-conflict');
  await expect(conflict).toContainText('在你编辑期间，有人保存了这条记录');
  await expect(conflict.getByTestId(`conflict-version-${rec.version + 1}`).getByTestId('change-quantity')).toContainText('66');
  await shot(page, 'conflict', 'zh-CN');
  await page.getByTestId('conflict-reapply').click();
  await expect(conflict).toHaveCount(0);
  await expect(form.getByLabel('说明', { exact: true })).toHaveValue('我在表单里写的说明');
  await expect(form.getByLabel('数量', { exact: true })).toHaveValue('66');
  await page.getByTestId('record-save').click();
  await expect(page.getByText(`已保存为版本 ${rec.version + 2}`)).toBeVisible();
  const now = await findRecord(page, title(6));
  expect([now.values.notes, now.values.quantity]).toEqual(['我在表单里写的说明', '66']);
  expect(unexpected(problems, [{ url: `/records/${rec.id}`, status: 409 }])).toEqual([]);
});

test('unknown records are 404 in place; the console shows the same grid and detail', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(`${GRID}/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByTestId('exception-404')).toBeVisible();
  await page.goto(`/admin/record/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByTestId('exception-404')).toBeVisible();

  await page.goto(`/admin/record?app=${APP.slug}&subject=${SUBJECT.key}`);
  await expect(totalText(page)).toHaveText('共 23 条记录');
  await expect(firstTitle(page)).toHaveAttribute('href', /^\/admin\/record\/[0-9a-f-]{36}$/);
  await firstTitle(page).click();
  await expect(page.getByTestId('record-title')).toHaveText('表单记录');
  await expect(page.getByText(`${APP.name} / ${SUBJECT.name}`)).toBeVisible();
  expect(unexpected(problems, [{ url: '/00000000-0000-4000-8000-000000000000', status: 404 }])).toEqual([]);
});

test('a viewer reads records and their history but sees no write button', async ({ page, browser, problems }) => {
  await signIn(page);
  const VIEWER = { name: '记录只读者', email: 'records-viewer@example.com', password: 'Viewer-pass-2026' };
  const created = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...VIEWER, isAdmin: false } });
  expect([201, 409]).toContain(created.status());
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: VIEWER.email, role: 'viewer' });
  const rec = await findRecord(page, title(1));

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const viewer = await context.newPage();
  await viewer.goto('/login');
  await viewer.getByLabel(/邮箱|E-mail/).fill(VIEWER.email);
  await viewer.getByLabel(/^(密码|Password)$/).fill(VIEWER.password);
  await viewer.getByRole('button', { name: /登\s*录|Sign in/ }).click();
  await expect(viewer).not.toHaveURL(/\/login(\?|$)/);
  await viewer.goto(GRID);
  await expect(viewer.locator('.ant-pagination-total-text')).toHaveText('共 23 条记录');
  await expect(viewer.getByTestId('create-record')).toHaveCount(0);
  await expect(viewer.getByTestId('records-grid').locator('.ant-checkbox-input')).toHaveCount(0);
  await viewer.goto(`${GRID}/${rec.id}`);
  await expect(viewer.getByTestId('record-title')).toHaveText(title(1));
  await expect(viewer.getByTestId('record-edit')).toHaveCount(0);
  await expect(viewer.getByTestId('record-delete')).toHaveCount(0);
  await viewer.getByTestId('tab-history').click();
  await expect(viewer.getByTestId('version-3')).toBeVisible();
  await expect(viewer.getByTestId('restore-1')).toHaveCount(0);
  await viewer.getByTestId('tab-comments').click();
  await expect(viewer.getByTestId('comment')).toHaveCount(1);
  await expect(viewer.getByTestId('comment-input')).toHaveCount(0);
  await context.close();
  expect(unexpected(problems)).toEqual([]);
});

/** Waits until the animations under `locator` (a drawer sliding in) have finished. */
async function settle(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

test('screenshots of the grid, the filter builder, a record and its history in zh-CN and en-US', async ({ page, problems }) => {
  await signIn(page);
  const rec = await findRecord(page, title(1));
  for (const lang of ['zh-CN', 'en-US'] as const) {
    if (lang === 'en-US') {
      await switchLanguage(page, 'en-US');
    }
    await page.goto(GRID);
    await expect(totalText(page)).toHaveText(lang === 'zh-CN' ? '共 23 条记录' : '23 records');
    await page.waitForLoadState('networkidle');
    await shot(page, 'grid', lang);

    await page.getByTestId('filter-button').click();
    const panel = page.getByTestId('filter-panel');
    await expect(panel).toBeVisible();
    await settle(page.locator('.ant-drawer'));
    await openSelect(page, panel.getByTestId('filter-condition-0-0-field'));
    await pickOption(page, '状态');
    await openSelect(page, panel.getByTestId('filter-condition-0-0-value'));
    await pickOption(page, '进行中');
    await panel.getByTestId('filter-group-0-addGroup').click();
    await openSelect(page, panel.getByTestId('filter-condition-0-1-0-field'));
    await pickOption(page, '数量');
    await openSelect(page, panel.getByTestId('filter-condition-0-1-0-op'));
    await pickOption(page, lang === 'zh-CN' ? '介于' : 'between');
    await panel.getByTestId('filter-condition-0-1-0-from').fill('5');
    await panel.getByTestId('filter-condition-0-1-0-to').fill('15');
    await shot(page, 'filter', lang);

    await page.goto(`${GRID}/${rec.id}`);
    await expect(page.getByTestId('record-title')).toHaveText(title(1));
    await expect(page.getByTestId('version-3')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'detail', lang);
    await page.getByTestId('tab-comments').click();
    await expect(page.getByTestId('comment')).toHaveCount(1);
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('version-1')).toBeVisible();
    await shot(page, 'history', lang);
  }
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByTestId('tab-history')).toContainText('历史');
  expect(unexpected(problems)).toEqual([]);
});
