/**
 * Dashboards in the browser as a new user (docs/queries.md "Dashboards"). Data through the API: the
 * administrator makes the user and an application they own; the user makes a subject of deals with
 * a sign date, six deals over January–March 2026 and a saved analytics query "deals by month" shown
 * as a bar chart. Then at /:app/data_analytics: a new dashboard, the query added twice (as saved: a
 * bar chart; as a table), a shared date filter on the sign date; a range set in the filter bar
 * narrows both cards to February–March (1 and 3 deals: the chart's run answers them, the table shows
 * them); a card resized and dragged keeps its place after a reload; full screen.
 * Screenshots: /tmp/shots-dashboards/.
 */
import type { Page, Response } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { apiJson, chooseOption, openSelect, signIn } from './actions';

const stamp = Date.now().toString(36);
const USER = { name: '看板用户', email: `dash.${stamp}@example.com`, password: 'Dash-e2e-2026' };
const APP = { slug: `dash-${stamp}`, name: '看板测试' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-dashboards/${name}.png`, fullPage: true });

interface CardRun {
  data: { result: { rows: unknown[][] }; applied: string[] };
}

/** The next run of card `cardId` whose body names `text` (a filter value), answered. */
const runOf = (page: Page, cardId: string, text = '') =>
  page.waitForResponse(
    (r) =>
      r.url().includes(`/cards/${cardId}/run`) &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes(text),
  );

const figures = async (res: Response) =>
  ((await res.json()) as CardRun).data.result.rows.map((r) => [String(r[0]), Number(r[1])]);

test('a new user builds a dashboard: cards of a saved query, a shared date filter, layout kept, full screen', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await apiJson(page, 'POST', '/api/v1/users', USER);
  await apiJson(page, 'POST', '/api/v1/applications', APP);
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: USER.email, role: 'owner' });

  await signIn(page, USER);
  const subject = await apiJson<{ id: string }>(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    key: 'deals',
    name: '签约',
    displayField: 'title',
    fields: [
      { key: 'title', name: '标题', type: 'text' },
      { key: 'signed', name: '签约日期', type: 'date' },
    ],
  });
  const dates = ['2026-01-10', '2026-01-20', '2026-02-15', '2026-03-02', '2026-03-05', '2026-03-30'];
  for (const [i, signed] of dates.entries()) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/deals/records`, {
      values: { title: `合同 ${i + 1}`, signed },
    });
  }
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/queries`, {
    name: '按月签约',
    definition: {
      subjectId: subject.id,
      dimensions: [{ field: 'signed', bucket: 'month', as: 'month' }],
      measures: [{ fn: 'count', as: 'deals' }],
      sort: [{ by: 'month', order: 'asc' }],
    },
    visualization: { display: 'chart', chart: { type: 'bar' } },
  });

  // a new dashboard from the list
  await page.goto(`/${APP.slug}/data_analytics`);
  await expect(page.getByTestId('dashboard-list')).toBeVisible();
  await page.getByTestId('dashboard-new').click();
  const create = page.getByRole('dialog');
  await create.getByLabel('名称').fill('签约看板');
  await page.getByTestId('dashboard-new-ok').click();
  await expect(page).toHaveURL(new RegExp(`/${APP.slug}/data_analytics/[0-9a-f-]{36}$`));
  const dashboardId = page.url().split('/').pop()!;
  await expect(page.getByTestId('dashboard-view')).toBeVisible();

  // two cards of the query: as saved (a bar chart) and as a table
  await page.getByTestId('dashboard-edit').click();
  const addCard = async (display?: string) => {
    await page.getByTestId('dashboard-add-card').click();
    const dialog = page.getByRole('dialog');
    await chooseOption(
      page,
      (await openSelect(page, dialog.getByLabel('已保存的查询')))
        .locator('.ant-select-item-option')
        .filter({ hasText: '按月签约' }),
    );
    if (display)
      await chooseOption(
        page,
        (await openSelect(page, dialog.getByLabel('展示方式'))).locator('.ant-select-item-option').filter({ hasText: display }),
      );
    await page.getByTestId('dashboard-card-add-ok').click();
    await expect(dialog).toBeHidden();
  };
  const firstRun = runOf(page, 'c1');
  await addCard();
  expect(await figures(await firstRun)).toEqual([
    ['2026-01-01', 2],
    ['2026-02-01', 1],
    ['2026-03-01', 3],
  ]);
  await addCard('表格');
  const chartCard = page.getByTestId('dashboard-card-c1');
  const tableCard = page.getByTestId('dashboard-card-c2');
  await expect(chartCard).toHaveAttribute('data-state', 'ready');
  await expect(chartCard.getByTestId('result-chart')).toBeVisible();
  await expect(tableCard.getByTestId('result-row')).toHaveCount(3);
  await expect(tableCard.getByTestId('result-table')).toContainText('2026-01');

  // a shared date filter on the sign date
  await page.getByTestId('dashboard-add-filter').click();
  const filterDialog = page.getByRole('dialog');
  await chooseOption(
    page,
    (await openSelect(page, filterDialog.getByLabel('字段'))).locator('.ant-select-item-option').filter({ hasText: 'signed' }),
  );
  await expect(filterDialog.getByLabel('显示名称')).toHaveValue('签约日期');
  await page.getByTestId('dashboard-filter-add-ok').click();
  await expect(page.getByTestId('dashboard-filters')).toContainText('签约日期');
  await page.getByTestId('dashboard-edit').click();
  await shot(page, 'dashboard-all');

  // February to March: both cards narrowed
  const narrowedChart = runOf(page, 'c1', '2026-03-31');
  const narrowedTable = runOf(page, 'c2', '2026-03-31');
  const range = page.getByTestId('dashboard-filters').locator('.ant-picker-range input');
  await range.first().click();
  await range.first().fill('2026-02-01');
  await page.keyboard.press('Enter');
  await range.last().fill('2026-03-31');
  await page.keyboard.press('Enter');
  expect(await figures(await narrowedChart)).toEqual([
    ['2026-02-01', 1],
    ['2026-03-01', 3],
  ]);
  await narrowedTable;
  await expect(tableCard.getByTestId('result-row')).toHaveCount(2);
  await expect(tableCard.getByTestId('result-row').first()).toContainText('2026-02');
  await expect(tableCard.getByTestId('result-row').last()).toContainText('2026-03');
  await expect(tableCard.getByTestId('result-row').last()).toContainText('3');
  await expect(tableCard.getByTestId('result-table')).not.toContainText('2026-01');
  await shot(page, 'dashboard-filtered');

  // resize the table card (wider, taller) and drag the chart under it: saved, kept after a reload
  // a tall window, so that both cards and the room under them are on screen for the mouse
  await page.setViewportSize({ width: 1400, height: 1500 });
  await page.getByTestId('dashboard-edit').click();
  const saved = () =>
    page.waitForResponse((r) => r.url().includes(`/dashboards/${dashboardId}`) && r.request().method() === 'PATCH');
  const tableItem = page.locator('.react-grid-item').filter({ has: tableCard });
  const handle = tableItem.locator('.react-resizable-handle');
  const box = (await handle.boundingBox())!;
  const resized = saved();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 300, box.y + 150, { steps: 12 });
  await page.mouse.up();
  await resized;
  const head = chartCard.locator('.dashboard-card-drag');
  const from = (await head.boundingBox())!;
  const to = (await tableItem.boundingBox())!;
  const moved = saved();
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, to.y + to.height + 80, { steps: 15 });
  await page.mouse.up();
  await moved;
  await expect
    .poll(
      async () =>
        (
          await apiJson<{ cards: { id: string; y: number; w: number; h: number }[] }>(
            page,
            'GET',
            `/api/v1/applications/${APP.slug}/dashboards/${dashboardId}`,
          )
        ).cards.find((c) => c.id === 'c2')?.w,
    )
    .toBeGreaterThan(6);
  const layout = (
    await apiJson<{ cards: { id: string; x: number; y: number; w: number; h: number }[] }>(
      page,
      'GET',
      `/api/v1/applications/${APP.slug}/dashboards/${dashboardId}`,
    )
  ).cards;
  const c1 = layout.find((c) => c.id === 'c1')!;
  const c2 = layout.find((c) => c.id === 'c2')!;
  expect(c2.h).toBeGreaterThan(5);
  expect(c1.y).toBeGreaterThanOrEqual(c2.y + c2.h);
  await page.reload();
  await expect(tableCard).toHaveAttribute('data-state', 'ready');
  const tableBox = (await page.locator('.react-grid-item').filter({ has: tableCard }).boundingBox())!;
  const chartBox = (await page.locator('.react-grid-item').filter({ has: chartCard }).boundingBox())!;
  expect(chartBox.y).toBeGreaterThan(tableBox.y + tableBox.height - 1);
  expect(tableBox.width).toBeGreaterThan(chartBox.width);
  await shot(page, 'dashboard-layout');

  // full screen
  await page.getByTestId('dashboard-fullscreen').click();
  await expect(page.getByTestId('dashboard-view')).toHaveAttribute('data-fullscreen', 'true');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null))
    .toBe('dashboard-view');
  await shot(page, 'dashboard-fullscreen');
  await page.getByTestId('dashboard-fullscreen').click();
  await expect(page.getByTestId('dashboard-view')).toHaveAttribute('data-fullscreen', 'false');
  expect(unexpected(problems)).toEqual([]);
});
