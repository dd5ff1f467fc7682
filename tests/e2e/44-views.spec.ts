/**
 * Views in the browser, after 00-walking-skeleton (administrator, application
 * audit-2026). The administrator makes a subject of tasks (12 records dated this month) and a new
 * user, an editor of the application, through the API; as that new user: builds a grid view from
 * the subject page's "Views" menu with a filter (金额 > 10), a sort (金额 desc), grouping by 状态 and
 * a hidden column, and saves it (checked through the API and after a reload); its quick search
 * narrows the rows, the count and the export; drags a kanban card to another column and moves
 * another with its "Move to…" menu (checked through the API), and searches the cards; drags a
 * calendar event to another day; shares the grid view and opens the link in a logged-out browser
 * context (only the view's columns and rows), then a password link; a day of 7 events shows 4 and
 * "+N more", whose list drags one to another day; last, the administrator deletes a view in
 * /admin/view (to the recycle bin), finds it in /admin/recycle and purges it.
 * Screenshots: tests/e2e/screenshots/views-*.png.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test, unexpected } from './fixtures';
import { apiJson, chooseOption, dragUntilSaved, openSelect, signIn } from './actions';
import { APP, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });
// tall enough that the grid's virtual list renders all 15 rows (12 records + 3 group headers) at once
test.use({ viewport: { width: 1400, height: 1000 } });

const SUBJECT = 'view_tasks';
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT}`;
const EDITOR = { name: '视图编辑者', email: 'views-editor@example.com', password: 'Views-editor-2026' };
const STATUSES = ['待办', '进行中', '已完成'];
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
const title = (i: number) => `T${String(i).padStart(2, '0')}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/views-${name}.png` });

interface RecordOut {
  id: string;
  version: number;
  values: Record<string, unknown>;
}

async function findRecord(page: Page, t: string): Promise<RecordOut> {
  const filter = JSON.stringify({ op: 'and', items: [{ field: 'title', op: 'eq', value: t }] });
  const list = await apiJson<RecordOut[]>(page, 'GET', `${API}/records?filter=${encodeURIComponent(filter)}`);
  return list[0];
}

async function pickOption(page: Page, text: string) {
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) }));
}

/** A view of the subject saved through the API as the signed-in user; returns its id. */
async function saveView(page: Page, name: string, config: Record<string, unknown>): Promise<string> {
  return (await apiJson<{ id: string }>(page, 'POST', `${API}/views`, { name, config })).id;
}

test('setup through the API: a subject of 12 tasks and a new user (editor)', async ({ page }) => {
  await signIn(page);
  if ((await page.request.get(API)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      key: SUBJECT,
      name: '视图任务',
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text' },
        { key: 'status', name: '状态', type: 'singleSelect', options: { choices: STATUSES.map((label) => ({ label, color: '#1677ff' })) } },
        { key: 'amount', name: '金额', type: 'number' },
        { key: 'due', name: '截止', type: 'date' },
        { key: 'secret', name: '机密', type: 'text' },
      ],
    });
    for (let i = 1; i <= 12; i++) {
      await apiJson(page, 'POST', `${API}/records`, { values: { title: title(i), status: STATUSES[i % 3], amount: i * 5, due: day(8 + i), secret: `机密-${i}` } });
    }
  }
  const created = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...EDITOR, isAdmin: false } });
  expect([201, 409]).toContain(created.status());
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: EDITOR.email, role: 'editor' });
});

test('as the new user: build a grid view with a filter, a sort and grouping, and save it', async ({ page, problems }) => {
  await signIn(page, EDITOR);
  await page.goto(`/${APP.slug}/${SUBJECT}`);
  await page.getByTestId('views-menu').click();
  await page.getByRole('menuitem', { name: '新建表格视图' }).click();
  // the name is asked first (suggested in the interface's language); an empty one is refused
  await expect(page.getByTestId('new-view-name')).toHaveValue('视图任务 · 表格');
  await page.getByTestId('new-view-name').fill(' ');
  await page.getByTestId('new-view-ok').click();
  await expect(page.getByText('请输入名称')).toBeVisible();
  await page.getByTestId('new-view-name').fill('我的表格');
  // two quick clicks make one view
  await page.getByTestId('new-view-ok').dblclick();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/);
  const viewId = page.url().split('/').pop()!;
  await expect(page.getByTestId('view-row')).toHaveCount(12);

  // hide 机密
  await page.getByTestId('columns-button').click();
  await page.getByTestId('columns-panel').getByText('机密').click();
  await page.getByTestId('columns-button').click();
  // filter 金额 > 10
  await page.getByTestId('filter-button').click();
  const panel = page.getByTestId('filter-panel');
  await openSelect(page, panel.getByTestId('filter-condition-0-0-field'));
  await pickOption(page, '金额');
  await openSelect(page, panel.getByTestId('filter-condition-0-0-op'));
  await pickOption(page, '大于');
  await panel.getByTestId('filter-condition-0-0-value').fill('10');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('view-row')).toHaveCount(10);
  // sort 金额 descending
  await page.getByTestId('sort-button').click();
  await page.getByTestId('sort-add').click();
  await openSelect(page, page.getByTestId('sort-field-0'));
  await pickOption(page, '金额');
  await page.getByTestId('sort-panel').getByText('降序').click();
  // group by 状态
  await openSelect(page, page.getByTestId('group-select'));
  await pickOption(page, '状态');
  await expect(page.getByTestId('view-group')).toHaveCount(3);
  await page.getByTestId('view-name').fill('大额任务');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/views/${viewId}`) && r.request().method() === 'PATCH');
  await page.getByTestId('view-save').click();
  expect((await saved).status()).toBe(200);

  const view = await apiJson<{ name: string; config: Record<string, unknown> }>(page, 'GET', `/api/v1/views/${viewId}`);
  expect(view.name).toBe('大额任务');
  expect(view.config).toMatchObject({
    type: 'grid',
    groupBy: 'status',
    sort: [{ field: 'amount', order: 'desc' }],
    filter: { op: 'and', items: [{ field: 'amount', op: 'gt', value: '10' }] },
  });
  expect(view.config.columns).not.toContain('secret');
  await page.reload();
  await expect(page.getByTestId('view-group')).toHaveCount(3);
  await expect(page.getByTestId('view-row')).toHaveCount(10);
  // within a group, 金额 descending: 已完成 = i % 3 == 2 → T11 (55), T08, T05
  await expect(page.getByTestId('view-grid').locator('thead')).not.toContainText('机密');
  await shot(page, 'grid');
  // the view's grid exports XLSX of its filter, in its sort, with its visible columns only
  await page.getByTestId('records-export').hover();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('XLSX (Excel)').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const sheet = wb.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(['标题', '状态', '金额', '截止']); // 机密 is hidden
  expect(sheet.rowCount).toBe(11);
  const amounts = [...Array(10).keys()].map((i) => Number(sheet.getRow(i + 2).getCell(3).value));
  expect(amounts.every((a) => a > 10)).toBe(true);
  // the quick search (not saved with the view) narrows the rows through the list's q: "T1" → T10, T11, T12
  const searched = page.waitForResponse((r) => r.url().includes(`${API}/records?`) && new URL(r.url()).searchParams.get('q') === 'T1');
  await page.getByTestId('view-search').fill('T1');
  expect((await searched).status()).toBe(200);
  await expect(page.getByTestId('view-row')).toHaveCount(3);
  await expect(page.getByTestId('view-count')).toHaveText('已加载 3 / 3 条记录');
  const grid = page.getByTestId('view-grid');
  for (const t of ['T10', 'T11', 'T12']) await expect(grid).toContainText(t);
  await expect(grid).not.toContainText('T09');
  await shot(page, 'grid-search');
  // the export follows the search
  await page.getByTestId('records-export').hover();
  const [found] = await Promise.all([page.waitForEvent('download'), page.getByText('XLSX (Excel)').click()]);
  const wbFound = new ExcelJS.Workbook();
  await wbFound.xlsx.readFile((await found.path())!);
  expect(wbFound.worksheets[0].rowCount).toBe(4);
  expect([2, 3, 4].map((r) => String(wbFound.worksheets[0].getRow(r).getCell(1).value)).sort()).toEqual(['T10', 'T11', 'T12']);
  // cleared: every row of the view again, and the search did not make the view dirty
  await page.getByTestId('view-search').fill('');
  await expect(page.getByTestId('view-row')).toHaveCount(10);
  await expect(page.getByTestId('view-count')).toHaveText('已加载 10 / 10 条记录');
  // the full-screen grid: no layout chrome
  await page.getByRole('button', { name: /^全\s*屏$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/grid_view\\?view=${viewId}$`));
  await expect(page.getByTestId('grid-view-page').getByTestId('view-group')).toHaveCount(3);
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  expect(unexpected(problems)).toEqual([]);
});

test('kanban: drag a card to another column, and move one with its menu', async ({ page, problems }) => {
  await signIn(page, EDITOR);
  const id = await saveView(page, '任务看板', { type: 'kanban', groupField: 'status', cardFields: ['amount', 'due'] });
  await page.goto(`/${APP.slug}/view/${id}`);
  const todo = page.getByTestId('kanban-column-待办');
  const doing = page.getByTestId('kanban-column-进行中');
  const card = todo.getByTestId('kanban-card').filter({ hasText: 'T03' });
  await expect(card).toBeVisible();
  const patch = await dragUntilSaved(page, card, doing);
  expect(patch.status()).toBe(200);
  expect(patch.request().postDataJSON()).toEqual({ version: 1, values: { status: '进行中' } });
  await expect(doing.getByTestId('kanban-card').filter({ hasText: 'T03' })).toBeVisible();
  expect((await findRecord(page, 'T03')).values.status).toBe('进行中');
  // the keyboard way: the card's "Move to…" menu
  await todo.getByTestId('kanban-card').filter({ hasText: 'T06' }).getByTestId('kanban-move').click();
  await page.getByRole('menuitem', { name: '移到“已完成”' }).click();
  await expect(page.getByTestId('kanban-column-已完成').getByTestId('kanban-card').filter({ hasText: 'T06' })).toBeVisible();
  expect((await findRecord(page, 'T06')).values.status).toBe('已完成');
  await shot(page, 'kanban');
  // the quick search narrows the cards of every column
  await page.getByTestId('view-search').fill('T12');
  await expect(page.getByTestId('kanban-card')).toHaveCount(1);
  await expect(todo.getByTestId('kanban-card').filter({ hasText: 'T12' })).toBeVisible();
  await page.getByTestId('view-search').fill('');
  await expect(page.getByTestId('kanban-card')).toHaveCount(12);
  expect(unexpected(problems)).toEqual([]);
});

test('calendar: drag an event to another day', async ({ page, problems }) => {
  await signIn(page, EDITOR);
  const id = await saveView(page, '截止日历', { type: 'calendar', dateField: 'due', titleField: 'title' });
  await page.goto(`/${APP.slug}/view/${id}`);
  const event = page.getByTestId(`calendar-day-${day(10)}`).getByTestId('calendar-event').filter({ hasText: 'T02' });
  await expect(event).toBeVisible();
  expect((await dragUntilSaved(page, event, page.getByTestId(`calendar-day-${day(25)}`))).status()).toBe(200);
  await expect(page.getByTestId(`calendar-day-${day(25)}`).getByTestId('calendar-event').filter({ hasText: 'T02' })).toBeVisible();
  expect((await findRecord(page, 'T02')).values.due).toBe(day(25));
  await shot(page, 'calendar');
  expect(unexpected(problems)).toEqual([]);
});

test('share the grid view and open the link logged out (only its columns and rows), then a password link', async ({ page, browser, problems }) => {
  await signIn(page, EDITOR);
  const views = await apiJson<{ id: string; name: string }[]>(page, 'GET', `${API}/views?q=${encodeURIComponent('大额任务')}`);
  await page.goto(`/${APP.slug}/view/${views[0].id}`);
  await page.getByTestId('view-share').click();
  await page.getByTestId('share-create').click();
  const link = (await page.getByTestId('share-link').innerText()).trim();
  expect(link).toContain('/share_grid_view?token=');
  await shot(page, 'share');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  expect(await context.cookies()).toEqual([]);
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('share-grid-page')).toBeVisible();
  await expect(visitor).toHaveURL(/share_grid_view/);
  await expect(visitor.getByTestId('view-row')).toHaveCount(10);
  await expect(visitor.getByTestId('view-group')).toHaveCount(3);
  await expect(visitor.getByTestId('view-grid').locator('thead')).not.toContainText('机密');
  await expect(visitor.getByTestId('view-grid')).not.toContainText('机密-');
  await visitor.screenshot({ path: 'tests/e2e/screenshots/views-shared.png' });

  // a password link asks first
  await page.getByTestId('share-password').fill('open-sesame');
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-link')).not.toHaveText(link);
  const locked = (await page.getByTestId('share-link').innerText()).trim();
  await visitor.goto(locked);
  await visitor.getByTestId('share-open-password').fill('open-sesame');
  await visitor.getByTestId('share-open').click();
  await expect(visitor.getByTestId('view-row')).toHaveCount(10);
  // a mistyped token: one "not available" page
  await visitor.goto(`${link.slice(0, -3)}xyz`);
  await expect(visitor.getByTestId('share-unavailable')).toBeVisible();
  await context.close();
  expect(unexpected(problems)).toEqual([]);
});

test('the console: every view in /admin/view, its editor with a live preview, the subject view', async ({ page, problems }) => {
  await signIn(page);
  // the administrator's saved language is kept across sign-ins: make this test's language its own
  expect((await page.request.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale: 'zh-CN' } })).ok()).toBe(true);
  await page.goto('/admin/view');
  const link = page.getByTestId('view-link').filter({ hasText: '大额任务' });
  await expect(link).toBeVisible();
  // this spec's three views (other modules, such as Audit, bring views of their own subjects)
  await expect(page.getByRole('row').filter({ has: page.getByTestId('view-link') }).filter({ hasText: '视图任务' })).toHaveCount(3);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/view\/[0-9a-f-]{36}$/);
  // the preview's body is 420 px: the virtual list renders what shows; the count says all 10 loaded
  await expect(page.getByTestId('view-count')).toHaveText('已加载 10 / 10 条记录');
  // the preview follows the edit before it is saved: grouped by 截止, the earliest first
  await openSelect(page, page.getByTestId('group-select'));
  await pickOption(page, '截止');
  await expect(page.getByTestId('view-group').first()).toHaveText(day(11));
  await expect(page.getByTestId('view-save')).toBeEnabled();
  await shot(page, 'admin-edit');
  const subject = await apiJson<{ id: string }>(page, 'GET', API);
  await page.goto(`/admin/subject/${subject.id}`);
  await page.getByTestId('subject-views').getByRole('link', { name: '截止日历' }).click();
  await expect(page.getByTestId('view-calendar')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('calendar: a day of many events shows four and "+N more", whose list moves one by drag', async ({ page, problems }) => {
  await signIn(page, EDITOR);
  for (let i = 1; i <= 7; i++) await apiJson(page, 'POST', `${API}/records`, { values: { title: `M${i}`, status: STATUSES[0], amount: 1, due: day(27) } });
  const views = await apiJson<{ id: string }[]>(page, 'GET', `${API}/views?q=${encodeURIComponent('截止日历')}`);
  await page.goto(`/${APP.slug}/view/${views[0].id}`);
  const busy = page.getByTestId(`calendar-day-${day(27)}`);
  await expect(busy.getByTestId('calendar-event')).toHaveCount(4);
  await busy.getByTestId('calendar-more').click();
  const list = page.getByTestId('calendar-more-list');
  await expect(list.getByTestId('calendar-event')).toHaveCount(7);
  const m7 = list.getByTestId('calendar-event').filter({ hasText: 'M7' });
  expect((await dragUntilSaved(page, m7, page.getByTestId(`calendar-day-${day(3)}`))).status()).toBe(200);
  await expect(page.getByTestId(`calendar-day-${day(3)}`).getByTestId('calendar-event').filter({ hasText: 'M7' })).toBeVisible();
  await expect(list.getByTestId('calendar-event')).toHaveCount(6);
  await expect(busy.getByTestId('calendar-more')).toHaveText('另有 2 项');
  expect((await findRecord(page, 'M7')).values.due).toBe(day(3));
  await shot(page, 'calendar-more');
  expect(unexpected(problems)).toEqual([]);
});

test('delete a view in /admin/view: it goes to the recycle bin, where it is purged', async ({ page, problems }) => {
  await signIn(page);
  const id = await saveView(page, '待删除视图', { type: 'grid' });
  await page.goto('/admin/view');
  await expect(page.getByTestId('view-link').filter({ hasText: '待删除视图' })).toBeVisible();
  await page.getByTestId(`delete-view-${id}`).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('视图将移入回收站');
  await page.getByTestId('delete-view-ok').click();
  await expect(page.getByText('视图“待删除视图”已移入回收站')).toBeVisible();
  await expect(page.getByTestId('view-link').filter({ hasText: '待删除视图' })).toHaveCount(0);
  expect((await page.request.get(`/api/v1/views/${id}`)).status()).toBe(404);

  await page.goto('/admin/recycle');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '待删除视图' });
  await expect(row.getByText('视图', { exact: true })).toBeVisible();
  await shot(page, 'recycle');
  await row.getByText('彻底删除').click();
  await page.locator('.ant-popconfirm-buttons').getByRole('button').last().click();
  await expect(row).toHaveCount(0);
  expect(((await apiJson<unknown[]>(page, 'GET', `/api/v1/recycle?type=view`)).length)).toBe(0);
  expect(unexpected(problems)).toEqual([]);
});
