/**
 * The audit engagements list and dashboard (docs/engagements-dashboard.md), after
 * 00-walking-skeleton. Through the API: a new application with the Audit module enabled, two
 * engagements, three procedures (two assigned to the administrator, 8 + 4 budgeted hours), two
 * findings (high, low) and a time entry of 5 hours. In the browser:
 *  1. /<app>/audit_project_table lists both engagements in the records grid; each title opens
 *     /<app>/audit_process?engagement=<id>; "New engagement" adds a third (its phase, managed,
 *     is not in the form);
 *  2. /<app>/audit_project shows 3 engagements (all in scope), 3 procedures remaining, the
 *     findings by severity, 2 open findings and the administrator's 5 / 12 hours;
 *  3. in the walking skeleton's application (Audit module off) the page says the module is not
 *     enabled, with the settings link for an owner.
 * Screenshots: /tmp/shots-audit-dashboard/*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-audit-dashboard/${name}.png`, fullPage: true });

test('audit engagements: the list and the dashboard count what was recorded', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const slug = `dash-${Date.now() % 1_000_000}`;
  await apiJson(page, 'POST', '/api/v1/applications', { slug, name: `审计看板 ${slug}`, modules: ['audit'] });
  const model = await apiJson<{ subjects: Record<string, { key: string }> }>(page, 'GET', `/api/v1/applications/${slug}/audit/model`);
  const me = await apiJson<{ id?: string; user?: { id: string } }>(page, 'GET', '/api/v1/auth/me');
  const myId = me.user?.id ?? me.id;
  const create = async (object: string, values: Record<string, unknown>) =>
    (
      await apiJson<{ record: { id: string } }>(page, 'POST', `/api/v1/applications/${slug}/subjects/${model.subjects[object].key}/records`, {
        values,
      })
    ).record.id;
  const e1 = await create('engagement', { title: 'Payroll 2026' });
  const e2 = await create('engagement', { title: 'Treasury 2026' });
  await create('procedure', { title: 'Payroll approvals', engagement: e1, assignee: myId, budget_hours: '8' });
  await create('procedure', { title: 'Payroll changes', engagement: e1, assignee: myId, budget_hours: '4' });
  await create('procedure', { title: 'Bank reconciliations', engagement: e2 });
  await create('finding', { title: 'Approvals missing', engagement: e1, severity: 'high' });
  await create('finding', { title: 'Late changes', engagement: e1, severity: 'low' });
  await create('time_entry', { engagement: e1, person: myId, date: new Date().toISOString().slice(0, 10), hours: '5' });

  // 1. the engagements grid
  await page.goto(`/${slug}/audit_project_table`);
  await expect(page.getByTestId('audit-project-table-page')).toBeVisible();
  const grid = page.getByTestId('records-grid');
  await expect(grid.getByText('Payroll 2026')).toBeVisible();
  await expect(grid.getByText('Treasury 2026')).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Payroll 2026' })).toHaveAttribute('href', `/${slug}/audit_process?engagement=${e1}`);
  await expect(page.getByTestId('create-record')).toHaveText(/新建审计项目|New engagement/);
  // "New engagement": the drawer leaves the managed phase out, so the save goes through
  await page.getByTestId('create-record').click();
  const form = page.getByTestId('create-record-form');
  await form.getByLabel(/项目名称|Engagement/).first().fill('Procurement 2026');
  await page.locator('.ant-drawer').getByRole('button', { name: /保\s*存|Save/ }).click();
  await expect(grid.getByText('Procurement 2026')).toBeVisible();
  await shot(page, 'list');

  // 2. the dashboard
  await page.goto(`/${slug}/audit_project`);
  await expect(page.getByTestId('stat-engagements')).toContainText('3');
  await expect(page.getByTestId('phase-scope')).toHaveAttribute('data-count', '3');
  await expect(page.getByTestId('phase-fieldwork')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('procedures-remaining')).toContainText('3');
  await expect(page.getByTestId('procedures-done')).toContainText('0');
  await expect(page.getByTestId('severity-high')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('severity-low')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('severity-critical')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('stat-open-findings')).toContainText('2');
  await expect(page.getByTestId('hours')).toContainText(/5 \/ 12/);
  await expect(page.getByTestId('by-phase')).toContainText(/范围确定|Scope/);
  await shot(page, 'dashboard');

  // 3. an application without the module (its own: the route map enables the module of the shared one)
  const off = { slug: 'audit-off-e2e', name: '未启用审计' };
  expect([201, 409]).toContain((await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: off })).status());
  await page.goto(`/${off.slug}/audit_project`);
  await expect(page.getByTestId('audit-module-off')).toBeVisible();
  await expect(page.getByTestId('audit-settings-link')).toHaveAttribute('href', `/${off.slug}/settings`);
  await shot(page, 'off');
});
