/**
 * A share link opened signed out, after 00-walking-skeleton (administrator, application
 * audit-2026). Through the API the administrator makes a subject of packages with a single select
 * whose options have colours, a few records, a grid view and a share link; a fresh browser context
 * with no session opens the link: the select cells are chips in their option's colour (a coloured
 * background behind white text, not white on nothing), no request reaches the private records
 * API (only the public share read) and nothing is logged to the console.
 * Screenshot: tests/e2e/screenshots/share-journey.png.
 */
import { expect, test, trackConsole, unexpected } from './fixtures';
import { apiJson, signIn } from './actions';
import { APP } from './support';

// unique per run, so the spec can run again on the same data folder
const SUBJECT = `share_pkg_${Date.now().toString(36)}`;
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT}`;
const CHOICES = [
  { label: 'High', color: '#f5222d', rgb: 'rgb(245, 34, 45)' },
  { label: 'Low', color: '#52c41a', rgb: 'rgb(82, 196, 26)' },
];

test('a share link opened signed out shows the select options as coloured chips, with no private call and no console error', async ({ page, browser }) => {
  await signIn(page);
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    key: SUBJECT,
    name: `共享软件包 ${SUBJECT.slice(-5)}`,
    displayField: 'name',
    fields: [
      { key: 'name', name: 'Package', type: 'text' },
      { key: 'priority', name: 'Priority', type: 'singleSelect', options: { choices: CHOICES.map(({ label, color }) => ({ label, color })) } },
      { key: 'size', name: 'Size', type: 'number' },
    ],
  });
  for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
    await apiJson(page, 'POST', `${API}/records`, { values: { name, priority: CHOICES[i % 2].label, size: i + 1 } });
  }
  const view = await apiJson<{ id: string }>(page, 'POST', `${API}/views`, {
    name: '共享表格',
    config: { type: 'grid', columns: ['name', 'priority', 'size'], widths: {}, sort: [], rowHeight: 'short', pageSize: 100 },
  });
  const share = await apiJson<{ token: string }>(page, 'POST', `/api/v1/views/${view.id}/shares`, {});

  // a fresh context: no cookies, no session
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', viewport: { width: 1200, height: 700 } });
  expect(await context.cookies()).toEqual([]);
  const visitor = await context.newPage();
  const problems = trackConsole(visitor);
  const apiCalls: string[] = [];
  visitor.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
  });
  await visitor.goto(`/${APP.slug}/share_grid_view?token=${encodeURIComponent(share.token)}`);
  await expect(visitor.getByTestId('share-grid-page')).toBeVisible();
  await expect(visitor.getByTestId('view-row')).toHaveCount(3);

  for (const choice of CHOICES) {
    const chip = visitor.getByTestId('view-grid').getByText(choice.label, { exact: true }).first();
    await expect(chip).toBeVisible();
    const style = await chip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, color: s.color };
    });
    expect(style.background, `${choice.label}: the option's colour behind the chip`).toBe(choice.rgb);
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(style.color).not.toBe(style.background);
  }
  await visitor.screenshot({ path: 'tests/e2e/screenshots/share-journey.png' });

  // only public calls: the share read (and the page's own session and settings look-ups), never records
  expect(apiCalls.some((p) => p.startsWith('/api/v1/view-shares/rows'))).toBe(true);
  expect(apiCalls.filter((p) => /\/records(\/|$)|\/subjects(\/|$)|\/views\/[^/]+\/rows/.test(p))).toEqual([]);
  expect(unexpected(problems)).toEqual([]);
  await context.close();
});
