/**
 * Field compare and record query in the browser, after 00-walking-skeleton (which created
 * the administrator and APP). beforeAll makes, through the API, a subject `cmp_items` (text, long
 * text, number, select, date) with three records, one edited twice (3 versions), and a subject
 * `cmp_orders` whose `item` relation points at it. Then:
 * - /compare_record_field across versions: the pickers, a Chinese long text diffed by character
 *   (removed/added marks), the number's delta in the next version;
 * - across records: three records' amounts against the first (deltas and %), a new baseline;
 * - /admin/record-query: relation columns, a filter through the relation and a sort, run; save; reload and open the
 *   saved query; export CSV (the download's rows); rename and delete it (recycle bin);
 * - screenshots of both pages in zh-CN and en-US (tests/e2e/screenshots/compare-*.png, query-*.png).
 */
import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { switchLanguage } from './actions';
import { ADMIN, APP, AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const SHOTS = 'tests/e2e/screenshots';
const NOTES = ['在总部盘点库存现金', '在分部盘点库存现金', '在分部盘点并封存库存现金'];

interface Ids {
  items: Record<'cash' | 'bank' | 'stock', string>;
}
const ids: Ids = { items: { cash: '', bank: '', stock: '' } };

async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'patch', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { headers: AUTH_HEADERS, data });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function signIn(page: Page) {
  await api(page.request, 'post', '/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password });
}

const subjects = `/api/v1/applications/${APP.slug}/subjects`;

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const request = context.request;
  await api(request, 'post', '/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password });
  const items = await api<{ id: string }>(request, 'post', subjects, {
    key: 'cmp_items',
    name: '对比事项',
    displayField: 'name',
    fields: [
      { key: 'name', name: '名称', type: 'text', required: true },
      { key: 'notes', name: '备注', type: 'longText' },
      { key: 'amount', name: '金额', type: 'number', options: { precision: 2 } },
      {
        key: 'status',
        name: '状态',
        type: 'singleSelect',
        options: { choices: [{ label: '待办', color: '#1677ff' }, { label: '完成', color: '#52c41a' }] },
      },
      { key: 'due', name: '截止日期', type: 'date' },
    ],
  });
  type Detail = { record: { id: string; version: number } };
  const create = async (subject: string, values: Record<string, unknown>) =>
    (await api<Detail>(request, 'post', `${subjects}/${subject}/records`, { values })).record;
  const cash = await create('cmp_items', { name: '现金盘点', notes: NOTES[0], amount: '100', status: '待办', due: '2026-03-01' });
  const bank = await create('cmp_items', { name: '银行对账', notes: '核对银行流水', amount: '250', status: '完成', due: '2026-03-10' });
  const stock = await create('cmp_items', { name: '存货监盘', notes: '年末存货监盘', amount: '80', status: '待办', due: '2026-02-20' });
  ids.items = { cash: cash.id, bank: bank.id, stock: stock.id };
  const v2 = (await api<Detail>(request, 'patch', `${subjects}/cmp_items/records/${cash.id}`, { version: cash.version, values: { notes: NOTES[1] } })).record;
  await api(request, 'patch', `${subjects}/cmp_items/records/${cash.id}`, {
    version: v2.version,
    values: { notes: NOTES[2], amount: '120', status: '完成', due: '2026-03-15' },
  });

  await api(request, 'post', subjects, {
    key: 'cmp_orders',
    name: '对比订单',
    displayField: 'code',
    fields: [
      { key: 'code', name: '编号', type: 'text', required: true },
      { key: 'item', name: '事项', type: 'relation', options: { targetSubjectId: items.id } },
      { key: 'qty', name: '数量', type: 'number' },
    ],
  });
  await create('cmp_orders', { code: 'O-1', item: cash.id, qty: 5 });
  await create('cmp_orders', { code: 'O-2', item: bank.id, qty: 7 });
  await create('cmp_orders', { code: 'O-3', item: stock.id, qty: 1 });
  await context.close();
});

/**
 * Opens an antd Select (unless it is open already: a multiple select stays open between picks),
 * optionally types, and picks the option with `option`'s text. Waits for any other dropdown to
 * close first, so the option is looked up in this select's own.
 */
async function choose(page: Page, select: Locator, option: string | RegExp, typed?: string) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const isOpen = async () => ((await select.getAttribute('class')) ?? '').includes('ant-select-open');
  if (!(await isOpen())) {
    await expect(dropdown).toHaveCount(0);
    await expect(async () => {
      if (!(await isOpen())) await select.click();
      await expect(dropdown).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 15_000 });
  }
  if (typed !== undefined) await select.locator('input').fill(typed);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Fills a text/number input given by a test id on the input itself or on its wrapper. */
async function fillInput(target: Locator, text: string) {
  const isInput = await target.evaluate((el) => el.tagName === 'INPUT');
  await (isInput ? target : target.locator('input').first()).fill(text);
}

async function closeDropdowns(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test('compare a long text and a number across a record’s versions', async ({ page, problems }) => {
  await signIn(page);
  await page.goto('/compare_record_field');
  await expect(page.getByTestId('compare-empty-app')).toBeVisible();
  await choose(page, page.getByTestId('pick-app'), `(${APP.slug})`);
  await expect(page.getByTestId('compare-empty-subject')).toBeVisible();
  await choose(page, page.getByTestId('pick-subject'), '(cmp_items)');
  await expect(page.getByTestId('compare-empty-record')).toBeVisible();
  await choose(page, page.getByTestId('pick-record'), '现金盘点', '现金');
  await expect(page.getByTestId('compare-empty-field')).toBeVisible();
  await choose(page, page.getByTestId('pick-field'), /^备注/);
  await expect(page).toHaveURL(new RegExp(`mode=versions&app=${APP.slug}&subject=cmp_items&record=${ids.items.cash}&field=notes`));

  const table = page.getByTestId('versions-table');
  const head = table.locator('thead');
  for (const v of [1, 2, 3]) await expect(head.getByTestId(`version-head-${v}`)).toBeVisible();
  await expect(table.getByTestId('version-value-1')).toHaveText(NOTES[0]);
  await expect(table.getByTestId('version-change-1')).toContainText('所示的第一个版本');
  // v2: 总 → 分 (a character diff: the text is Chinese), marked besides coloured
  const v2 = table.getByTestId('version-change-2');
  await expect(v2.getByTestId('diff-removed')).toHaveText(/−\s*总$/);
  await expect(v2.getByTestId('diff-added')).toHaveText(/\+\s*分$/);
  await expect(v2.getByTestId('text-stats')).toHaveText('新增 1 字 / 删除 1 字');
  const v3 = table.getByTestId('version-change-3');
  await expect(v3.getByTestId('diff-added')).toHaveText(/\+\s*并封存$/);
  await expect(v3.getByTestId('diff-removed')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/compare-versions-zh-CN.png`, fullPage: true });

  // the amount changed only in v3: +20.00 (+20%); "only changes" leaves v2 out
  await choose(page, page.getByTestId('pick-field'), /^金额/);
  await expect(table.getByTestId('version-change-2').getByTestId('unchanged')).toBeVisible();
  await expect(table.getByTestId('version-change-3').getByTestId('number-delta-value')).toHaveText('+20.00');
  await expect(table.getByTestId('version-change-3').getByTestId('number-delta-percent')).toHaveText('(+20%)');
  await page.getByTestId('only-changes').click();
  await expect(head.getByTestId('version-head-2')).toHaveCount(0);
  await expect(head.getByTestId('version-head-3')).toBeVisible();

  // the status: option added and removed; the date: days between
  await choose(page, page.getByTestId('pick-field'), /^状态/);
  await expect(table.getByTestId('version-change-3').getByTestId('set-added')).toHaveText('+ 完成');
  await expect(table.getByTestId('version-change-3').getByTestId('set-removed')).toHaveText('− 待办');
  await choose(page, page.getByTestId('pick-field'), /^截止日期/);
  await expect(table.getByTestId('version-change-3').getByTestId('date-delta')).toHaveText('+14 天');
  expect(unexpected(problems)).toEqual([]);
});

test('compare a number across three records, against a baseline', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(`/compare_record_field?app=${APP.slug}&subject=cmp_items&record=${ids.items.cash}&field=amount`);
  await page.getByTestId('tab-records').click();
  await expect(page).toHaveURL(new RegExp(`mode=records&app=${APP.slug}&subject=cmp_items&records=${ids.items.cash}&field=amount`));
  // a link may write the commas plainly (as the en-US screenshot test does); the page writes them encoded
  await expect(page.getByTestId('compare-empty-records')).toBeVisible();
  const picker = page.getByTestId('pick-records');
  await choose(page, picker, '银行对账', '银行');
  await choose(page, picker, '存货监盘', '存货');
  await closeDropdowns(page);

  const table = page.getByTestId('records-table');
  const head = table.locator('thead');
  await expect(head.getByTestId('record-head-0')).toContainText('现金盘点');
  await expect(head.getByTestId('record-head-0')).toContainText('基准');
  await expect(table.getByTestId('record-value-0')).toHaveText('120.00');
  await expect(table.getByTestId('record-change-1').getByTestId('number-delta-value')).toHaveText('+130.00');
  await expect(table.getByTestId('record-change-1').getByTestId('number-delta-percent')).toHaveText('(+108.33%)');
  await expect(table.getByTestId('record-change-2').getByTestId('number-delta-value')).toHaveText('−40.00');
  await expect(table.getByTestId('record-change-2').getByTestId('number-delta-percent')).toHaveText('(−33.33%)');
  await page.screenshot({ path: `${SHOTS}/compare-records-zh-CN.png`, fullPage: true });

  // the bank reconciliation as the baseline: the order in the URL follows
  await head.getByTestId('make-baseline-1').click();
  await expect(page).toHaveURL(new RegExp(`records=${[ids.items.bank, ids.items.cash, ids.items.stock].join('%2C')}&`));
  await expect(table.getByTestId('record-change-1').getByTestId('number-delta-value')).toHaveText('−130.00');
  await expect(table.getByTestId('record-change-2').getByTestId('number-delta-value')).toHaveText('−170.00');

  // the long text across records: a character diff against the baseline
  await choose(page, page.getByTestId('pick-field'), /^备注/);
  await expect(table.getByTestId('record-change-1').getByTestId('text-diff')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('build a record query through a relation, run, save, reload, open and export it', async ({ page, problems }) => {
  await signIn(page);
  await page.goto('/admin/record-query');
  await expect(page.getByTestId('query-empty')).toBeVisible();
  await expect(page.getByTestId('saved-queries')).toContainText('还没有已保存的查询');
  await choose(page, page.getByTestId('query-app'), `(${APP.slug})`);
  await choose(page, page.getByTestId('query-subject'), '(cmp_orders)');

  // columns: the defaults (编号, 事项, 数量) plus two through the relation
  const columns = page.getByTestId('query-columns');
  await expect(columns).toContainText('编号');
  await choose(page, columns, '事项 › 名称', '名称');
  await choose(page, columns, '事项 › 金额', '金额');
  await closeDropdowns(page);

  // filter: 数量 > 0 and, through the relation, 事项 › 金额 > 90 (leaves out O-3, whose item is 80); sort: 数量 descending
  await page.getByTestId('filter-group-0-add').click();
  await choose(page, page.getByTestId('filter-condition-0-0-field'), /^数量$/);
  await choose(page, page.getByTestId('filter-condition-0-0-op'), /^大于$/);
  await fillInput(page.getByTestId('filter-condition-0-0-value'), '0');
  await page.getByTestId('filter-group-0-add').click();
  await choose(page, page.getByTestId('filter-condition-0-1-field'), /^事项 › 金额$/, '金额');
  await choose(page, page.getByTestId('filter-condition-0-1-op'), /^大于$/);
  await fillInput(page.getByTestId('filter-condition-0-1-value'), '90');
  await page.getByTestId('add-sort').click();
  await choose(page, page.getByTestId('sort-0-field'), /^数量$/);
  await page.getByTestId('sort-0-order').getByText('降序').click();

  await page.getByTestId('run-query').click();
  const grid = page.getByTestId('query-results');
  const rows = grid.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('O-2');
  await expect(rows.nth(0)).toContainText('银行对账');
  await expect(rows.nth(0)).toContainText('250.00');
  await expect(rows.nth(1)).toContainText('O-1');
  await expect(grid.locator('thead')).toContainText('事项 › 名称');

  // save it
  await page.getByTestId('save-query-as').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill('大额订单');
  await dialog.getByLabel('描述').fill('数量大于 2 的订单及其事项');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('查询“大额订单”已保存')).toBeVisible();
  await expect(page.getByTestId('saved-query-大额订单')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/record-query\?query=[^&]+$/);
  await page.screenshot({ path: `${SHOTS}/query-zh-CN.png`, fullPage: true });

  // reload without the query in the address, then open it from the list: it runs again
  await page.goto('/admin/record-query');
  await expect(page.getByTestId('query-empty')).toBeVisible();
  await page.getByTestId('open-query-大额订单').click();
  await expect(page.getByTestId('query-card')).toContainText('大额订单');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('O-2');

  // export CSV: the saved query by id
  await page.getByTestId('export-query').hover();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv).toContain('O-2');
  expect(csv).toContain('银行对账');
  expect(csv).toContain('O-1');
  expect(csv).not.toContain('O-3');

  // rename, then delete it to the recycle bin
  await page.getByTestId('rename-query-大额订单').click();
  const rename = page.getByRole('dialog');
  await rename.getByLabel('名称').fill('大额订单（复核）');
  await rename.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('saved-query-大额订单（复核）')).toBeVisible();
  await expect(page.getByTestId('query-card')).toContainText('大额订单（复核）');
  await page.getByTestId('delete-query-大额订单（复核）').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('查询“大额订单（复核）”已移入回收站')).toBeVisible();
  await expect(page.getByTestId('saved-queries')).toContainText('还没有已保存的查询');
  await expect(page.getByTestId('query-card')).toContainText('未保存的查询');
  expect(unexpected(problems)).toEqual([]);
});

test('screenshots of compare and record query in en-US', async ({ page, problems }) => {
  await signIn(page);
  await page.goto(`/compare_record_field?mode=versions&app=${APP.slug}&subject=cmp_items&record=${ids.items.cash}&field=notes`);
  await expect(page.getByTestId('version-change-3')).toBeVisible();
  await switchLanguage(page, 'en-US');
  await expect(page.getByText('Change from the previous version')).toBeVisible();
  await expect(page.getByTestId('version-change-2').getByTestId('text-stats')).toHaveText('+1 / −1 character');
  await page.mouse.move(600, 700);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/compare-versions-en-US.png`, fullPage: true });

  await page.goto(`/compare_record_field?mode=records&app=${APP.slug}&subject=cmp_items&records=${ids.items.cash},${ids.items.bank},${ids.items.stock}&field=amount`);
  await expect(page.getByTestId('record-change-1').getByTestId('number-delta-value')).toHaveText('+130.00');
  await expect(page.locator('thead').getByText('Baseline', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/compare-records-en-US.png`, fullPage: true });

  await page.goto('/admin/record-query');
  await choose(page, page.getByTestId('query-app'), `(${APP.slug})`);
  await choose(page, page.getByTestId('query-subject'), '(cmp_orders)');
  await choose(page, page.getByTestId('query-columns'), 'Record ID', 'Record');
  await closeDropdowns(page);
  await page.getByTestId('run-query').click();
  await expect(page.getByTestId('query-results').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/query-en-US.png`, fullPage: true });

  await switchLanguage(page, 'zh-CN');
  await expect(page.getByText('已保存的查询', { exact: true })).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});
