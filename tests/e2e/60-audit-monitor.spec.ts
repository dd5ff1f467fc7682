/**
 * The audit process monitor in the browser as the administrator (docs/engagements-monitor.md). The
 * spec makes, through the API, two applications with the Audit module (monitor-e2e, monitor-e2e-b),
 * an engagement with a procedure and a manual trigger on procedures whose step fails (no retry), and
 * runs it on the procedure: the run goes dead. Then: /monitor-e2e/process_monitor shows it under
 * "Failed" with its error, and a second run made while the page is open appears without a reload
 * (the 5 s polling); the engagement's page shows its title and the run; the same engagement seen
 * from the other workspace (/monitor-e2e-b/process_monitor/:id/monitor-e2e) says whose it is and
 * shows the run; a malformed id is 404 without asking the server, an unknown one 404 from it.
 * Screenshots: tests/e2e/screenshots/monitor-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { apiJson, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const APP = { slug: 'monitor-e2e', name: '流程监控测试', modules: ['audit'] };
const OTHER = { slug: 'monitor-e2e-b', name: '流程监控测试乙', modules: ['audit'] };
const MISSING = '00000000-0000-4000-8000-00000000abcd';
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/monitor-${name}.png`, fullPage: true });

async function ensureApp(page: Page, app: { slug: string; name: string; modules: string[] }) {
  const res = await page.request.get(`/api/v1/applications/${app.slug}`, { headers: AUTH_HEADERS });
  if (res.status() === 404) await apiJson(page, 'POST', '/api/v1/applications', app);
}

test('the process monitor shows an engagement’s failed trigger run, refreshes by itself, and scopes to the engagement', async ({
  page,
  problems,
}) => {
  await signIn(page);
  await ensureApp(page, APP);
  await ensureApp(page, OTHER);
  const model = await apiJson<{ subjects: Record<string, { key: string }> }>(page, 'GET', `/api/v1/applications/${APP.slug}/audit/model`);
  const records = (object: string) => `/api/v1/applications/${APP.slug}/subjects/${model.subjects[object].key}/records`;
  const stamp = Date.now().toString(36);
  const engagement = (await apiJson<{ record: { id: string } }>(page, 'POST', records('engagement'), { values: { title: `薪酬审计 ${stamp}` } })).record;
  const procedure = (
    await apiJson<{ record: { id: string } }>(page, 'POST', records('procedure'), { values: { title: '测试薪酬审批', engagement: engagement.id } })
  ).record;
  const trigger = await apiJson<{ id: string }>(page, 'POST', '/api/v1/triggers', {
    name: `坏步骤 ${stamp}`,
    application: APP.slug,
    enabled: true,
    event: 'manual',
    subject: model.subjects.procedure.key,
    retryLimit: 0,
    steps: [{ type: 'update_record', config: { set: [{ field: 'no_such_field', value: 1 }] } }],
  });
  const runOnce = async () => (await apiJson<{ runs: string[] }>(page, 'POST', `/api/v1/triggers/${trigger.id}/run`, { recordIds: [procedure.id] })).runs[0];
  const deadRun = await runOnce();
  await expect
    .poll(async () => (await apiJson<{ state: string }>(page, 'GET', `/api/v1/trigger-runs/${deadRun}`)).state, { timeout: 15_000 })
    .toBe('dead');

  // the application's monitor: the run under "Failed"
  await page.goto(`/${APP.slug}/process_monitor`);
  await expect(page.getByTestId('process-monitor')).toBeVisible();
  await page.getByRole('tab', { name: /失败/ }).click();
  const runs = page.getByTestId('monitor-runs');
  await expect(runs.getByRole('row').filter({ hasText: `坏步骤 ${stamp}` })).toHaveCount(1);
  await expect(runs.getByRole('row').filter({ hasText: `坏步骤 ${stamp}` })).toContainText('已终止');
  // a second run while the page is open shows up without a reload
  const second = await runOnce();
  await expect
    .poll(async () => (await apiJson<{ state: string }>(page, 'GET', `/api/v1/trigger-runs/${second}`)).state, { timeout: 15_000 })
    .toBe('dead');
  await expect(runs.getByRole('row').filter({ hasText: `坏步骤 ${stamp}` })).toHaveCount(2, { timeout: 12_000 });
  await shot(page, 'app');

  // the engagement's own page
  await page.goto(`/${APP.slug}/process_monitor/${engagement.id}`);
  await expect(page.getByTestId('process-monitor-detail')).toBeVisible();
  await expect(page.getByText(`薪酬审计 ${stamp}`).first()).toBeVisible();
  await page.getByRole('tab', { name: /失败/ }).click();
  await expect(page.getByTestId('monitor-runs').getByRole('row').filter({ hasText: `坏步骤 ${stamp}` })).toHaveCount(2);
  await shot(page, 'engagement');

  // seen from the other workspace: whose it is, and the same runs
  await page.goto(`/${OTHER.slug}/process_monitor/${engagement.id}/${APP.slug}`);
  await expect(page.getByTestId('process-monitor-app')).toBeVisible();
  await expect(page.getByTestId('monitor-other-app')).toContainText(APP.slug);
  await page.getByRole('tab', { name: /失败/ }).click();
  await expect(page.getByTestId('monitor-runs').getByRole('row').filter({ hasText: `坏步骤 ${stamp}` })).toHaveCount(2);
  await shot(page, 'other-app');

  // 404: a malformed id (no request), an unknown engagement (the server's)
  await page.goto(`/${APP.slug}/process_monitor/not-an-id`);
  await expect(page.getByTestId('exception-404')).toBeVisible();
  await page.goto(`/${APP.slug}/process_monitor/${MISSING}`);
  await expect(page.getByTestId('exception-404')).toBeVisible();
  expect(unexpected(problems, [{ url: `/audit/monitor?engagementId=${MISSING}`, status: 404 }])).toEqual([]);
});
