/**
 * Triggers in the browser as the administrator, after 00-walking-skeleton (application
 * audit-2026). The spec makes its own subject through the API, then: in the action library makes an
 * `update_record` action with its form (ActionConfigForm: an empty one first shows the server's
 * error, then a field set to a constant); makes a trigger "when a record's status changes and
 * becomes Closed, run that action" with the filter builder; changes a record through the API; and
 * sees the run, done, in the trigger's run history with its step log, and the record's field set
 * by it; runs a manual trigger from the record's page. The second test is the journey of a new
 * trigger built through the forms: "when a record's status becomes Closed, notify its owner (the
 * user in the record's owner field, a title with a placeholder) and post a webhook" (to a receiver
 * this spec starts on 127.0.0.1, allow-listed for the test, signed with a secret variable picked
 * from the variables, a header; a bad URL first shows the server's error on the URL field), then
 * the notice in the owner's bell, the run log with both steps, the signature checked, and the
 * run's task in /admin/task. Both fill the trigger editor with fillTrigger. Screenshots:
 * tests/e2e/screenshots/triggers-*.png (and /tmp/trigui-*.png of the forms).
 */
import type { Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { apiJson, chooseOption, openSelect, signIn } from './actions';
import { ADMIN, APP } from './support';

const SUBJECT = { key: 'trigger_items', name: '触发器事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/triggers-${name}.png`, fullPage: true });

/** Chooses the option whose label contains `text` in the open select. */
async function pick(page: Page, text: string | RegExp) {
  await chooseOption(
    page,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first(),
  );
}

/** One step of fillTrigger: a library action (by name), or an inline type whose form `fill` fills (`cfg`: its test id prefix). */
type StepSpec = { library: string } | { inline: string; fill: (cfg: string) => Promise<void> };

/**
 * Fills /admin/trigger/new (opened by the caller): name, the application audit-2026, `subject`,
 * fired when `status` changed and the record's 状态 is then Closed, then `steps` in order. Does not save.
 */
async function fillTrigger(page: Page, name: string, subject: string, steps: StepSpec[]) {
  await page.getByTestId('trigger-name').fill(name);
  await openSelect(page, page.getByTestId('trigger-app'));
  await pick(page, `(${APP.slug})`);
  await openSelect(page, page.getByTestId('trigger-subject'));
  // the application may hold many subjects (the Audit module's among them): narrow the list first
  await page.keyboard.type(subject);
  await pick(page, `(${subject})`);
  await openSelect(page, page.getByTestId('trigger-changed'));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '(status)' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('trigger-condition-add').click();
  await openSelect(page, page.getByTestId('filter-condition-0-0-field'));
  await pick(page, /^状态$/);
  await page.getByTestId('filter-condition-0-0-value').fill('Closed');
  for (const [i, step] of steps.entries()) {
    await page.getByTestId('trigger-step-add').click();
    if ('library' in step) {
      await openSelect(page, page.getByTestId(`trigger-step-${i}-action`));
      await pick(page, step.library);
    } else {
      await page.getByTestId(`trigger-step-${i}`).getByRole('radio', { name: '内联' }).check();
      await openSelect(page, page.getByTestId(`trigger-step-${i}-type`));
      await pick(page, new RegExp(`^${step.inline}$`));
      await expect(page.getByTestId(`trigger-step-${i}-config-form`)).toBeVisible();
      await step.fill(`trigger-step-${i}-config`);
    }
  }
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
  // no field to set: the server's error (on `config.set`) under the fields to set
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('action-config-form').locator('.ant-form-item-explain-error')).toBeVisible();
  // a global action: the field key is typed, its value a constant
  await page.getByTestId('action-config-set-add').click();
  await page.getByTestId('action-config-set-0-field').fill('resolution');
  await page.getByTestId('action-config-set-0-value').fill('closed by trigger');
  await page.screenshot({ path: '/tmp/trigui-action-update.png', fullPage: true });
  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/admin\/action\/[0-9a-f-]{36}$/);
  await shot(page, 'action');

  // the trigger
  await page.goto('/admin/trigger');
  await expect(page.getByTestId('triggers-table')).toBeVisible();
  await page.getByTestId('trigger-new').click();
  await expect(page).toHaveURL(/\/admin\/trigger\/new$/);
  const triggerName = `状态变为 Closed ${stamp}`;
  await fillTrigger(page, triggerName, SUBJECT.key, [{ library: actionName }]);
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

test('a new trigger: status becomes Closed, notify the owner and post a signed webhook; the notice, the run log, the task', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const stamp = Date.now();
  const me = await apiJson<{ id: string }>(page, 'GET', '/api/v1/auth/me');
  const cases = { key: 'trigger_cases', name: '结案通知事项' };
  const casesApi = `/api/v1/applications/${APP.slug}/subjects/${cases.key}`;
  if ((await page.request.get(casesApi)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...cases,
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true },
        { key: 'status', name: '状态', type: 'text' },
        { key: 'owner', name: '负责人', type: 'user' },
      ],
    });
  }
  const record = (
    await apiJson<{ record: { id: string; version: number } }>(page, 'POST', `${casesApi}/records`, {
      values: { title: `案件 ${stamp}`, status: 'Open', owner: me.id },
    })
  ).record;

  // the webhook's receiver, reachable only because the test allow-lists 127.0.0.1
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const settings = await apiJson<{ outboundAllowedHosts: string[]; version: string }>(page, 'GET', '/api/v1/settings');
  const allowed = await apiJson<{ version: string }>(page, 'PATCH', '/api/v1/settings', {
    outboundAllowedHosts: [...settings.outboundAllowedHosts, '127.0.0.1'],
    version: settings.version,
  });
  const secret = `e2e-secret-${stamp}`;
  const secretKey = `hook_secret_${stamp}`;
  await apiJson(page, 'POST', '/api/v1/variables', { key: secretKey, type: 'secret', value: secret, applicationId: null });

  try {
    // the trigger, built through the forms: status changed and now Closed; notify the record's
    // owner, then post the webhook (a bad URL first: the server's error on the URL field)
    await page.goto('/admin/trigger/new');
    await fillTrigger(page, `结案通知 ${stamp}`, cases.key, [
      {
        inline: 'notify',
        fill: async (cfg) => {
          await openSelect(page, page.getByTestId(`${cfg}-field`));
          await pick(page, '负责人 (owner)');
          // the administrator too (the owner here: notified once)
          await openSelect(page, page.getByTestId(`${cfg}-users`));
          // a multiple select stays open: click the option, then close it
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: ADMIN.email }).click();
          await page.keyboard.press('Escape');
          await page.getByTestId(`${cfg}-title`).fill(`已结案 ${stamp}：`);
          await page.getByTestId(`${cfg}-title-placeholder`).click();
          await page.getByRole('menuitem', { name: '{{title}} 标题' }).click();
          await expect(page.getByTestId(`${cfg}-title`)).toHaveValue(`已结案 ${stamp}： {{title}}`);
          await page.getByTestId(`${cfg}-body`).fill('{{title}} 的状态变为 {{status}}');
        },
      },
      {
        inline: 'webhook',
        fill: async (cfg) => {
          await page.getByTestId(`${cfg}-url`).fill('ftp://127.0.0.1/hook');
          await openSelect(page, page.getByTestId(`${cfg}-secret`));
          await pick(page, secretKey);
          await page.getByTestId(`${cfg}-timeout`).fill('5');
          await page.getByTestId(`${cfg}-header-add`).click();
          await page.getByTestId(`${cfg}-header-0-name`).fill('X-Team');
          await page.getByTestId(`${cfg}-header-0-value`).fill('audit');
        },
      },
    ]);
    await page.getByTestId('trigger-save').click();
    const urlItem = page
      .getByTestId('trigger-step-1-config-form')
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('trigger-step-1-config-url') });
    await expect(urlItem.locator('.ant-form-item-explain-error')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/trigger\/new$/);
    await page.screenshot({ path: '/tmp/trigui-trigger-error.png', fullPage: true });
    await page.getByTestId('trigger-step-1-config-url').fill(`http://127.0.0.1:${port}/hook`);
    await expect(urlItem.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await page.getByTestId('trigger-save').click();
    await expect(page).toHaveURL(/\/admin\/trigger\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('trigger-step-0-config-title')).toHaveValue(`已结案 ${stamp}： {{title}}`);
    await expect(page.getByTestId('trigger-step-1-config-url')).toHaveValue(`http://127.0.0.1:${port}/hook`);
    // read back after a reload: the chosen user by name, the webhook's secret and header
    await page.reload();
    await expect(page.getByTestId('trigger-step-0-config-users')).toContainText(ADMIN.email);
    await expect(page.getByTestId('trigger-step-1-config-secret')).toContainText(secretKey);
    await expect(page.getByTestId('trigger-step-1-config-header-0-value')).toHaveValue('audit');
    await page.screenshot({ path: '/tmp/trigui-trigger-forms.png', fullPage: true });
    await shot(page, 'journey-editor');

    // the record changes: one run, both steps done
    await apiJson(page, 'PATCH', `${casesApi}/records/${record.id}`, { version: record.version, values: { status: 'Closed' } });
    await page.getByRole('tab', { name: '运行历史' }).click();
    const table = page.getByTestId('runs-table');
    const done = table.locator('tr.ant-table-row').filter({ hasNotText: '测试' }).filter({ hasText: '完成' });
    await expect(async () => {
      await table.locator('[aria-label="reload"]').first().click();
      await expect(done).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await done.locator('.ant-table-row-expand-icon').click();
    await expect(table.getByTestId('run-step-output')).toHaveCount(2);
    await expect(table.getByTestId('run-step-output').nth(1)).toContainText('200');
    await shot(page, 'journey-runs');

    // the webhook arrived once, signed with the secret over `${t}.${body}`
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = received;
    const signature = String(delivery.headers['x-assay-signature']);
    const t = /t=(\d+)/.exec(signature)?.[1];
    const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
    expect(signature).toContain(`v1=${expected}`);
    expect(delivery.headers['x-team']).toBe('audit');
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: { recordId: record.id },
      record: { after: { status: 'Closed' }, changed: ['status'] },
    });

    // the owner's notice in the bell
    await page.goto(`/${APP.slug}`);
    await page.getByTestId('notice-bell').click();
    await expect(page.getByTestId('notice-bell-panel')).toContainText(`已结案 ${stamp}： 案件 ${stamp}`);
    await shot(page, 'journey-notice');
    await page.keyboard.press('Escape');

    // the run's task in the task list
    await page.goto('/admin/task');
    await expect(page.getByTestId('tasks-table')).toContainText('triggers.run');
    await shot(page, 'journey-task');
  } finally {
    receiver.close();
    const now = await apiJson<{ outboundAllowedHosts: string[]; version: string }>(page, 'GET', '/api/v1/settings');
    await apiJson(page, 'PATCH', '/api/v1/settings', {
      outboundAllowedHosts: settings.outboundAllowedHosts,
      version: now.version,
    });
    expect(allowed.version).toBeTruthy();
  }
});
