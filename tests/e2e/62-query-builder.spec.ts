/**
 * The query builder end to end (docs/queries.md), as a new member: the first administrator makes a
 * user, an application `qb-e2e` with the user as editor, two subjects — clients (name) and invoices
 * (issued on: a date, amount, client: a relation to clients) — and six invoices through the API.
 * Then, signed in as the user, at /qb-e2e/query:
 *  1. a query on invoices with a many-to-one join to clients (alias renamed `cl`), grouped by the
 *     invoice date by month and by the client's name, counting and summing the amount; run with
 *     Ctrl+Enter; the table's figures equal those computed here;
 *  2. a bar chart split by client; a real click on one bar (its place read from the chart's ECharts
 *     instance) opens the drill drawer listing exactly that month's invoices of that client;
 *  3. the query saved, shared with the application: listed in the saved queries with its tag, and
 *     named in the address (`?query=<id>`), a link an administrator then follows.
 * Screenshots: /tmp/shots-builder/*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { apiJson, axeProblems, chooseOption, openSelect, pickIn, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const ANALYST = { name: '查询分析员', email: 'query.analyst@example.com', password: 'Query-analyst-2026' };
const APP = { slug: 'qb-e2e', name: '查询构建测试' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-builder/${name}.png`, fullPage: true });

interface Invoice {
  issued: string;
  amount: number;
  client: string;
}

/** The centre of bar `dataIndex` of the series named `seriesName`, in page pixels (from the chart's ECharts instance). */
async function barCentre(page: Page, seriesName: (name: string) => boolean, category: string): Promise<{ x: number; y: number }> {
  const chart = page.getByTestId('result-chart').locator('.echarts-for-react');
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  expect(box).not.toBeNull();
  const names = await chart.evaluate((el) => {
    interface Instance {
      getOption(): { series: { name: string }[]; xAxis: { data: string[] }[] };
    }
    interface Fiber {
      return: Fiber | null;
      stateNode: { getEchartsInstance?: () => Instance } | null;
    }
    const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$')) ?? '';
    let f: Fiber | null = (el as unknown as Record<string, Fiber>)[key] ?? null;
    while (f && !f.stateNode?.getEchartsInstance) f = f.return;
    const option = f!.stateNode!.getEchartsInstance!().getOption();
    return { series: option.series.map((s) => s.name), categories: option.xAxis[0].data };
  });
  const seriesIndex = names.series.findIndex(seriesName);
  const dataIndex = names.categories.indexOf(category);
  expect(seriesIndex, `series among ${names.series.join(' | ')}`).toBeGreaterThanOrEqual(0);
  expect(dataIndex, `category among ${names.categories.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const at = await chart.evaluate(
    (el, { si, di }) => {
      interface Layout {
        x: number;
        y: number;
        width: number;
        height: number;
      }
      interface Instance {
        getOption(): { series: { data: (number | null)[] }[] };
        convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
        getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): Layout } } };
      }
      interface Fiber {
        return: Fiber | null;
        stateNode: { getEchartsInstance?: () => Instance } | null;
      }
      const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$')) ?? '';
      let f: Fiber | null = (el as unknown as Record<string, Fiber>)[key] ?? null;
      while (f && !f.stateNode?.getEchartsInstance) f = f.return;
      const instance = f!.stateNode!.getEchartsInstance!();
      const value = Number(instance.getOption().series[si].data[di]);
      // the bar's own rectangle (side by side with the other series' bars of its category)…
      const layout = instance.getModel().getSeriesByIndex(si).getData().getItemLayout(di);
      // …and the height of half its value, on the value axis
      const [, y] = instance.convertToPixel({ seriesIndex: si }, [di, value / 2]);
      return { x: layout.x + layout.width / 2, y };
    },
    { si: seriesIndex, di: dataIndex },
  );
  return { x: box!.x + at.x, y: box!.y + at.y };
}

test('query builder: a join, group by month and client, count and sum; a bar drills to its records; saved and shared', async ({ page, problems }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const made = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: ANALYST });
  expect([201, 409]).toContain(made.status());
  if ((await page.request.get(`/api/v1/applications/${APP.slug}`, { headers: AUTH_HEADERS })).status() === 404) {
    await apiJson(page, 'POST', '/api/v1/applications', APP);
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: ANALYST.email, role: 'editor' });
  }
  const stamp = Date.now() % 100000;
  const subjects = `/api/v1/applications/${APP.slug}/subjects`;
  const clientsKey = `qb_clients_${stamp}`;
  const invoicesKey = `qb_invoices_${stamp}`;
  const clients = await apiJson<{ id: string }>(page, 'POST', subjects, {
    key: clientsKey,
    name: `客户 ${stamp}`,
    displayField: 'name',
    fields: [{ key: 'name', name: '名称', type: 'text', required: true }],
  });
  await apiJson(page, 'POST', subjects, {
    key: invoicesKey,
    name: `发票 ${stamp}`,
    fields: [
      { key: 'issued_on', name: '开票日期', type: 'date' },
      { key: 'amount', name: '金额', type: 'number' },
      { key: 'client', name: '客户', type: 'relation', options: { targetSubjectId: clients.id } },
    ],
  });
  const clientIds: Record<string, string> = {};
  for (const name of ['甲公司', '乙公司'])
    clientIds[name] = (await apiJson<{ record: { id: string } }>(page, 'POST', `${subjects}/${clientsKey}/records`, { values: { name } })).record.id;
  const invoices: Invoice[] = [
    { issued: '2026-01-05', amount: 100.5, client: '甲公司' },
    { issued: '2026-01-20', amount: 200, client: '甲公司' },
    { issued: '2026-01-21', amount: 300.25, client: '乙公司' },
    { issued: '2026-02-03', amount: 50, client: '甲公司' },
    { issued: '2026-02-14', amount: 1000, client: '乙公司' },
    { issued: '2026-02-28', amount: 75.75, client: '乙公司' },
  ];
  for (const inv of invoices)
    await apiJson(page, 'POST', `${subjects}/${invoicesKey}/records`, { values: { issued_on: inv.issued, amount: inv.amount, client: clientIds[inv.client] } });

  // the figures the result must show: one row per month and client, in that order
  const fmt = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
  const groups = new Map<string, { month: string; client: string; count: number; sum: number }>();
  for (const inv of invoices) {
    const month = inv.issued.slice(0, 7);
    const g = groups.get(`${month}|${inv.client}`) ?? { month, client: inv.client, count: 0, sum: 0 };
    g.count += 1;
    g.sum += inv.amount;
    groups.set(`${month}|${inv.client}`, g);
  }
  // groups come sorted by the group by columns in order (the server's: by code point)
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const expected = [...groups.values()].sort((a, b) => byCode(a.month, b.month) || byCode(a.client, b.client));

  await signIn(page, ANALYST);
  await page.goto(`/${APP.slug}/query`);
  await expect(page.getByTestId('query-builder-page')).toBeVisible();
  await pickIn(page, 'qb-subject', `发票 ${stamp}`);

  // 1. the join (many to one, along invoice.client), its alias renamed
  await page.getByTestId('qb-add-join').click();
  await page.getByRole('menuitem', { name: /客户.*多对一/ }).click();
  await expect(page.getByTestId('qb-join-0-alias')).toHaveValue(clientsKey);
  await page.getByTestId('qb-join-0-alias').fill('cl');
  // group by: month of the invoice date, the client's name
  await page.getByTestId('qb-add-dim').click();
  await pickIn(page, 'qb-dim-0-field', '开票日期');
  await expect(page.getByTestId('qb-dim-0-bucket')).toContainText('月');
  await page.getByTestId('qb-add-dim').click();
  await pickIn(page, 'qb-dim-1-field', 'cl › 名称');
  // aggregates: count, sum of amount
  await page.getByTestId('qb-add-measure').click();
  await page.getByTestId('qb-add-measure').click();
  await pickIn(page, 'qb-measure-1-fn', '求和');
  await pickIn(page, 'qb-measure-1-field', '金额');
  await expect(page.getByTestId('qb-measures')).toContainText('sum_amount');
  await shot(page, '1-builder');

  // run from the keyboard
  await page.getByTestId('qb-join-0-alias').focus();
  await page.keyboard.press('Control+Enter');
  const rows = page.getByTestId('result-table').getByTestId('result-row');
  await expect(rows).toHaveCount(expected.length);
  for (const [i, g] of expected.entries()) {
    const cells = rows.nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(g.month);
    await expect(cells.nth(1)).toHaveText(g.client);
    await expect(cells.nth(2)).toHaveText(fmt.format(g.count));
    await expect(cells.nth(3)).toHaveText(fmt.format(g.sum));
  }
  await shot(page, '2-table');
  expect(await axeProblems(page)).toEqual([]);

  // an unfinished aggregate (an average of nothing): the server's 400 names it, the form keeps it
  await page.getByTestId('qb-add-measure').click();
  await pickIn(page, 'qb-measure-2-fn', '平均值');
  await page.getByTestId('qb-run').click();
  const detail = page.getByTestId('qb-error').getByTestId('qb-error-detail');
  await expect(detail).toHaveAttribute('data-field', 'definition.measures.2.field');
  await expect(detail).toContainText('聚合 3 (avg) · 字段');
  await expect(page.getByTestId('qb-measure-2-fn')).toContainText('平均值');
  await expect(page.getByTestId('qb-measure-1-field')).toContainText('金额');
  await shot(page, '2b-error');
  await page.getByTestId('qb-measures').getByRole('button', { name: '移除聚合' }).nth(2).click();
  await page.getByTestId('qb-run').click();
  await expect(page.getByTestId('qb-error')).toBeHidden();
  await expect(rows).toHaveCount(expected.length);

  // 2. a bar chart split by client; click February's bar of 乙公司's sum
  await page.getByTestId('viz-display').getByText('图表').click();
  await expect(page.getByTestId('result-chart')).toBeVisible();
  await openSelect(page, page.getByTestId('viz-chart-series'));
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '名称' }).first());
  await expect(page.locator('[data-testid="result-chart"] canvas')).toBeVisible();
  await page.waitForTimeout(500); // the bars' entry animation (reduced motion leaves ECharts' own)
  const target = expected.find((g) => g.month === '2026-02' && g.client === '乙公司')!;
  const at = await barCentre(page, (n) => n.startsWith('乙公司') && !n.includes('数'), '2026-02');
  await page.mouse.click(at.x, at.y);
  const drawer = page.getByTestId('drill-drawer');
  await expect(drawer).toBeVisible();
  await shot(page, '3-chart-drill');
  const drillRows = drawer.getByTestId('drill-table').locator('tbody tr.ant-table-row');
  await expect(drillRows).toHaveCount(target.count);
  const mine = invoices.filter((inv) => inv.client === '乙公司' && inv.issued.startsWith('2026-02'));
  for (const inv of mine) await expect(drawer.getByTestId('drill-table')).toContainText(inv.issued);
  for (const other of invoices.filter((inv) => !mine.includes(inv))) await expect(drawer.getByTestId('drill-table')).not.toContainText(other.issued);
  await shot(page, '4-drill');
  await drawer.getByRole('button', { name: /Close|关闭/ }).first().click();
  await expect(drawer).toBeHidden();

  // 3. save, shared with the application
  const name = `月度客户开票 ${stamp}`;
  await page.getByTestId('qb-save-as').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill(name);
  await expect(dialog.getByRole('radio', { name: '应用成员' })).toBeChecked();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  const saved = page.getByTestId(`qb-saved-${name}`);
  await expect(saved).toBeVisible();
  await expect(saved).toContainText('应用成员');
  const list = await apiJson<{ name: string; visibility: string; kind: string }[]>(page, 'GET', `/api/v1/applications/${APP.slug}/queries?q=${encodeURIComponent(name)}`);
  expect(list).toEqual([expect.objectContaining({ name, visibility: 'application', kind: 'analytics' })]);
  await shot(page, '5-saved');

  // a change saved as version 2, then version 1 restored from the versions drawer
  await page.getByTestId('qb-limit').fill('500');
  await page.getByTestId('qb-save').click();
  await expect(dialog.getByLabel('名称')).toHaveValue(name);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('qb-versions').click();
  const versions = page.getByTestId('qb-versions-drawer');
  await expect(versions.getByTestId('qb-version-2')).toContainText('当前');
  await versions.getByTestId('qb-restore-1').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /恢\s*复/ }).click();
  await expect(versions).toBeHidden();
  await expect(page.getByTestId('qb-limit')).toHaveValue('1000');
  const restored = await apiJson<{ id: string; version: number; definition: { limit: number } }[]>(page, 'GET', `/api/v1/applications/${APP.slug}/queries?q=${encodeURIComponent(name)}`);
  expect(restored.map((q) => [q.version, q.definition.limit])).toEqual([[3, 1000]]);
  // the address names the open saved query
  await expect(page).toHaveURL(new RegExp(`[?&]query=${restored[0].id}`));

  // 4. an administrator follows a link to it in /admin/query (application and query in the
  // address): it opens and runs, with its SQL
  await signIn(page);
  await page.goto(`/admin/query?app=${APP.slug}&query=${restored[0].id}`);
  await expect(page.getByTestId('qb-app')).toContainText(APP.name);
  await expect(page.getByTestId('result-chart')).toBeVisible();
  await expect(page.getByTestId(`qb-open-${name}`)).toBeVisible();
  await page.getByRole('button', { name: '生成的 SQL' }).click();
  await expect(page.getByTestId('qb-sql')).toContainText(/select/i);
  await shot(page, '6-admin-sql');
  expect(unexpected(problems, [{ url: '/queries/run', status: 400 }])).toEqual([]);
});
