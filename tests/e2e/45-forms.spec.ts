/**
 * Dynamic forms in the browser, after 00-walking-skeleton. The first administrator makes
 * (through the API) a new administrator account, the application `forms-e2e` and its subject
 * `claims` (title, status Open/Approved/Rejected, reason, amount). Signed in as the NEW user:
 * /admin/form → "New form" for claims; in the designer: drags a field back from the palette,
 * moves "reason" into a new "Decision" section with the keyboard buttons, makes it visible and
 * required only when Status = Rejected (leaving with unsaved changes asks first), checks the
 * condition in the preview, saves and sets it as the default. In the workspace's "New record"
 * drawer the reason field appears only for Rejected, is required then, and the record is saved
 * with it; its edit form hides the reason again for Approved (the stored reason is kept). A direct
 * API write naming the form without a reason gets 400 naming `values.reason`.
 * Screenshots: tests/e2e/screenshots/forms-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { chooseOption, openSelect, signIn } from './actions';
import { AUTH_HEADERS } from './support';

test.describe.configure({ mode: 'serial' });

const DESIGNER = { name: '表单设计员', email: 'forms.designer@example.com', password: 'Forms-designer-2026' };
const SLUG = 'forms-e2e';
const SUBJECT = 'claims';
const API = `/api/v1/applications/${SLUG}/subjects/${SUBJECT}`;
const FORM_NAME = '报销单';

/** Chooses the option labelled exactly `text` in the select `field`. */
async function pick(page: Page, field: Locator, text: string) {
  await openSelect(page, field);
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) }));
}

test('the first administrator prepares a new administrator, an application and a subject (API)', async ({ page }) => {
  await signIn(page);
  const user = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: { ...DESIGNER, isAdmin: true } });
  expect([201, 409]).toContain(user.status());
  const app = await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: { slug: SLUG, name: '表单测试' } });
  expect([201, 409]).toContain(app.status());
  if ((await page.request.get(API)).status() === 404) {
    const made = await page.request.post(`/api/v1/applications/${SLUG}/subjects`, {
      headers: AUTH_HEADERS,
      data: {
        key: SUBJECT,
        name: '报销',
        displayField: 'title',
        fields: [
          { key: 'title', name: '事由', type: 'text', required: true },
          {
            key: 'status',
            name: '状态',
            type: 'singleSelect',
            options: {
              choices: [
                { label: 'Open', color: '#1677ff' },
                { label: 'Approved', color: '#52c41a' },
                { label: 'Rejected', color: '#f5222d' },
              ],
            },
          },
          { key: 'reason', name: '驳回原因', type: 'text' },
          { key: 'amount', name: '金额', type: 'money', options: { currency: 'CNY', precision: 2 } },
        ],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
});

test('as the new user: design a form with a conditional field, preview it, save it as the default', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, DESIGNER);
  // the application picker's options: wait for them before opening it
  const apps = page.waitForResponse((r) => r.url().includes('/api/v1/applications?') && r.ok());
  await page.goto('/admin/form');
  await expect(page.getByTestId('forms-table')).toBeVisible();
  await apps;
  await page.getByTestId('create-form').click();
  const dialog = page.getByRole('dialog');
  await pick(page, dialog.getByTestId('form-application'), `表单测试 \\(${SLUG}\\)`);
  await pick(page, dialog.getByTestId('form-subject'), `报销 \\(${SUBJECT}\\)`);
  await dialog.getByTestId('form-name').fill(FORM_NAME);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/admin\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-title')).toHaveText(FORM_NAME);

  // every writable field starts on the form; take "amount" off and drag it back before "title"
  const canvas = page.getByTestId('form-canvas');
  await expect(canvas.getByTestId('canvas-field-reason')).toBeVisible();
  await page.getByTestId('remove-amount').click();
  await expect(page.getByTestId('palette-amount')).toBeVisible();
  await page.getByTestId('palette-amount').dragTo(page.getByTestId('canvas-field-title'));
  await expect(page.getByTestId('palette-amount')).toHaveCount(0);
  const order = () => page.getByTestId('canvas-section-0').locator('[data-testid^="canvas-field-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(await order()).toEqual(['canvas-field-amount', 'canvas-field-title', 'canvas-field-status', 'canvas-field-reason']);
  // keyboard alternative: "down" moves amount below title
  await page.getByTestId('down-amount').click();
  expect(await order()).toEqual(['canvas-field-title', 'canvas-field-amount', 'canvas-field-status', 'canvas-field-reason']);

  // a "Decision" section; "down" at the end of the first section moves reason into it
  await page.getByTestId('add-section').click();
  await page.getByTestId('section-title-1').fill('审批');
  await page.getByTestId('down-reason').click();
  await expect(page.getByTestId('canvas-section-1').getByTestId('canvas-field-reason')).toBeVisible();

  // reason: label, help, visible and required only when status = Rejected
  await page.getByTestId('canvas-field-reason').click();
  const panel = page.getByTestId('field-panel');
  await panel.getByTestId('prop-label').fill('驳回原因（必填）');
  await panel.getByTestId('prop-help').fill('说明驳回的理由');
  await panel.getByTestId('prop-placeholder').fill('例如：发票不合规');
  for (const group of ['visible-if', 'required-if']) {
    await panel.getByTestId(`${group}-add`).click();
    await pick(page, panel.getByTestId(`${group}-field-0`), '状态');
    await pick(page, panel.getByTestId(`${group}-value-0`), 'Rejected');
  }
  await expect(page.getByTestId('canvas-field-reason')).toContainText('条件显示');
  await expect(page.getByTestId('form-dirty')).toBeVisible();
  // leaving with unsaved changes asks first; "cancel" stays with the edits
  await page.getByRole('link', { name: '动态表单', exact: true }).first().click();
  const leave = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: /取\s*消/ }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/form\/[0-9a-f-]{36}$/);
  await page.screenshot({ path: 'tests/e2e/screenshots/forms-designer.png' });

  // preview: the condition toggles the field live
  await page.getByTestId('tab-preview').click();
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByTestId('preview-item-title')).toBeVisible();
  await expect(preview.getByTestId('preview-item-reason')).toHaveCount(0);
  await pick(page, preview.getByTestId('field-input-status'), 'Rejected');
  await expect(preview.getByTestId('preview-item-reason')).toBeVisible();
  await expect(preview.getByTestId('preview-item-reason')).toContainText('驳回原因（必填）');
  await pick(page, preview.getByTestId('field-input-status'), 'Approved');
  await expect(preview.getByTestId('preview-item-reason')).toHaveCount(0);

  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/forms/') && r.request().method() === 'PATCH');
  await page.getByTestId('form-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('表单已保存')).toBeVisible();
  await expect(page.getByTestId('form-dirty')).toHaveCount(0);
  await page.getByTestId('form-set-default').click();
  await expect(page.getByTestId('form-is-default')).toBeVisible();
  await page.getByTestId('tab-canvas').click();
  await page.screenshot({ path: 'tests/e2e/screenshots/forms-designer-saved.png' });

  // the list shows it as the subject's default
  await page.goto('/admin/form');
  const row = page.getByTestId('forms-table').locator('tr', { hasText: FORM_NAME });
  await expect(row).toContainText('默认');
  expect(unexpected(problems)).toEqual([]);
});

test('as the new user: the workspace enters a record through the default form; the server enforces the condition', async ({ page, problems }) => {
  await signIn(page, DESIGNER);
  await page.goto(`/${SLUG}/${SUBJECT}`);
  await page.getByTestId('create-record').click();
  const drawer = page.locator('.ant-drawer-content');
  const form = drawer.getByTestId('create-record-form');
  await expect(form).toHaveAttribute('data-form-id', /[0-9a-f-]{36}/);
  await expect(form.getByTestId('record-section-1')).toContainText('审批');
  await expect(form.getByTestId('record-item-reason')).toHaveCount(0);
  await form.getByLabel('事由', { exact: true }).fill('差旅报销');
  await pick(page, form.getByTestId('field-input-status'), 'Rejected');
  const reason = form.getByTestId('record-item-reason');
  await expect(reason).toBeVisible();
  await expect(reason).toContainText('说明驳回的理由');
  await expect(reason.getByPlaceholder('例如：发票不合规')).toBeVisible();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(reason.locator('.ant-form-item-explain-error')).toHaveText('请填写驳回原因（必填）');
  await expect(reason.locator('.ant-form-item-explain-error')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/forms-workspace.png' });
  await reason.getByRole('textbox').fill('发票抬头错误');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('记录已创建')).toBeVisible();
  await expect(drawer).toBeHidden();

  const filter = JSON.stringify({ op: 'and', items: [{ field: 'title', op: 'eq', value: '差旅报销' }] });
  const list = await page.request.get(`${API}/records?filter=${encodeURIComponent(filter)}`);
  const records = ((await list.json()) as { data: { id: string; values: Record<string, unknown> }[] }).data;
  expect(records.at(0)?.values).toMatchObject({ title: '差旅报销', status: 'Rejected', reason: '发票抬头错误' });

  // the record's edit form uses the default form too: Approved hides the reason, which is kept (not cleared)
  await page.goto(`/${SLUG}/${SUBJECT}/${records[0].id}`);
  await page.getByTestId('record-edit').click();
  const edit = page.getByTestId('record-edit-form');
  await expect(edit.getByTestId('record-item-reason')).toBeVisible();
  await expect(edit.getByTestId('record-section-1')).toContainText('审批');
  await pick(page, edit.getByTestId('field-input-status'), 'Approved');
  await expect(edit.getByTestId('record-item-reason')).toHaveCount(0);
  await page.getByTestId('record-save').click();
  await expect(page.getByText('已保存为版本 2')).toBeVisible();
  const after = await page.request.get(`${API}/records/${records[0].id}`);
  expect(((await after.json()) as { data: { record: { values: Record<string, unknown> } } }).data.record.values).toMatchObject({
    status: 'Approved',
    reason: '发票抬头错误',
  });

  // a write straight to the API naming the form, without a reason: 400 naming the field
  const formId = ((await (await page.request.get(`${API}/default-form`)).json()) as { data: { id: string } }).data.id;
  const direct = await page.request.post(`${API}/records`, {
    headers: AUTH_HEADERS,
    data: { formId, values: { title: '绕过界面', status: 'Rejected' } },
  });
  expect(direct.status()).toBe(400);
  const body = (await direct.json()) as { details: { field: string }[] };
  expect(body.details.map((d) => d.field)).toEqual(['values.reason']);
  expect(unexpected(problems)).toEqual([]);
});
