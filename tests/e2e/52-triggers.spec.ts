/**
 * Triggers in the browser as the administrator, after 00-walking-skeleton (application
 * audit-2026). The spec makes its own subject through the API, then: in the action library makes an
 * `update_record` action (its JSON configuration; a bad one first shows the server's field error);
 * makes a trigger "when a record's status changes and becomes Closed, run that action" with the
 * filter builder; changes a record through the API; and sees the run, done, in the trigger's run
 * history with its step log, and the record's field set by it; runs a manual trigger from the
 * record's page. Screenshots:
 * tests/e2e/screenshots/triggers-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, openSelect, signIn } from './actions';
import { APP, AUTH_HEADERS } from './support';

const SUBJECT = { key: 'trigger_items', name: '触发器事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/triggers-${name}.png`, fullPage: true });

async function apiJson<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: AUTH_HEADERS,
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Chooses the option whose label contains `text` in the open select. */
async function pick(page: Page, text: string | RegExp) {
  await chooseOption(
    page,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first(),
  );
}

test('triggers: an action, a trigger on status = Closed, a record changed, the run in the history', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  if ((await page.request.get(API)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...SUBJECT,
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true },
        { key: 'status', name: '状态', type: 'text' },
        { key: 'resolution', name: '处理结果', type: 'text' },
      ],
    });
  }
  const stamp = Date.now();
  const record = (
    await apiJson<{ record: { id: string; version: number } }>(page, 'POST', `${API}/records`, {
      values: { title: `事项 ${stamp}`, status: 'Open' },
    })
  ).record;

  // the action
  await page.goto('/admin/action');
  await expect(page.getByTestId('actions-table')).toBeVisible();
  await page.getByTestId('action-new').click();
  await expect(page).toHaveURL(/\/admin\/action\/new$/);
  const actionName = `结案 ${stamp}`;
  await page.getByTestId('action-name').fill(actionName);
  await openSelect(page, page.getByTestId('action-type'));
  await pick(page, /^update_record$/);
  await expect(page.getByTestId('action-schema')).toContainText('set');
  await page.getByTestId('action-config').fill('{"set": []}');
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('action-form')).toContainText('config.set');
  await page.getByTestId('action-config').fill('{"set": [{"field": "resolution", "value": "closed by trigger"}]}');
  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/admin\/action\/[0-9a-f-]{36}$/);
  await shot(page, 'action');

  // the trigger
  await page.goto('/admin/trigger');
  await expect(page.getByTestId('triggers-table')).toBeVisible();
  await page.getByTestId('trigger-new').click();
  await expect(page).toHaveURL(/\/admin\/trigger\/new$/);
  const triggerName = `状态变为 Closed ${stamp}`;
  await page.getByTestId('trigger-name').fill(triggerName);
  await openSelect(page, page.getByTestId('trigger-app'));
  await pick(page, `(${APP.slug})`);
  await openSelect(page, page.getByTestId('trigger-subject'));
  await pick(page, `(${SUBJECT.key})`);
  await openSelect(page, page.getByTestId('trigger-changed'));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '(status)' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('trigger-condition-add').click();
  await openSelect(page, page.getByTestId('filter-condition-0-0-field'));
  await pick(page, /^状态$/);
  await page.getByTestId('filter-condition-0-0-value').fill('Closed');
  await page.getByTestId('trigger-step-add').click();
  await openSelect(page, page.getByTestId('trigger-step-0-action'));
  await pick(page, actionName);
  await page.getByTestId('trigger-save').click();
  await expect(page).toHaveURL(/\/admin\/trigger\/[0-9a-f-]{36}$/);
  const triggerId = page.url().split('/').pop()!;
  await shot(page, 'editor');

  // Test against the record: the step log, nothing written
  await page.getByTestId('trigger-test-record').fill(record.id);
  await page.getByTestId('trigger-test').click();
  await expect(page.getByTestId('run-step-output').first()).toContainText('closed by trigger');
  expect(
    (await apiJson<{ record: { values: { resolution: string | null } } }>(page, 'GET', `${API}/records/${record.id}`)).record
      .values.resolution,
  ).toBeNull();

  // a change that matches: the run appears in the history, done
  await apiJson(page, 'PATCH', `${API}/records/${record.id}`, { version: record.version, values: { status: 'Closed' } });
  await page.getByRole('tab', { name: '运行历史' }).click();
  const table = page.getByTestId('runs-table');
  const real = table.locator('tr.ant-table-row').filter({ hasNotText: '测试' }).filter({ hasText: '完成' });
  await expect(async () => {
    await table.locator('[aria-label="reload"]').first().click();
    await expect(real).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await real.locator('.ant-table-row-expand-icon').click();
  await expect(table.getByTestId('run-step-output').first()).toContainText('closed by trigger');
  await shot(page, 'runs');
  expect(
    (await apiJson<{ record: { values: { resolution: string | null } } }>(page, 'GET', `${API}/records/${record.id}`)).record
      .values.resolution,
  ).toBe('closed by trigger');

  await page.goto('/admin/trigger');
  await expect(page.locator(`a[href="/admin/trigger/${triggerId}"]`)).toBeVisible();
  await shot(page, 'list');

  // a manual trigger, run from the record's page: a run queued for that record
  const actionId = (await apiJson<{ id: string }[]>(page, 'GET', `/api/v1/actions?q=${encodeURIComponent(actionName)}`))[0].id;
  const manual = await apiJson<{ id: string }>(page, 'POST', '/api/v1/triggers', {
    name: `手动 ${stamp}`,
    application: APP.slug,
    event: 'manual',
    subject: SUBJECT.key,
    enabled: true,
    steps: [{ actionId }],
  });
  await page.goto(`/${APP.slug}/${SUBJECT.key}/${record.id}`);
  await expect(page.getByTestId('record-title')).toBeVisible();
  await page.getByTestId('run-trigger').hover();
  await page.getByRole('menuitem', { name: `手动 ${stamp}` }).click();
  await expect(page.getByText('已排队 1 次运行')).toBeVisible();
  await expect(async () => {
    const runs = await apiJson<{ state: string }[]>(page, 'GET', `/api/v1/triggers/${manual.id}/runs`);
    expect(runs.map((r) => r.state)).toEqual(['done']);
  }).toPass({ timeout: 60_000 });
});
