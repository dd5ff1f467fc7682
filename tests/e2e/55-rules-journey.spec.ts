/**
 * Rules end to end, as a new administrator would use them, after 00-walking-skeleton (application
 * audit-2026). Through the API only the set-up: a subject "journey_items" (title, quantity, code)
 * with three records. Then in the browser:
 *  1. three rules written in /admin/rule/new: quantity 0–1000 (blocking), code like AB-123
 *     (pattern, warning), quantity at most 100 (expression, warning);
 *  2. a bad record in the workspace's form: quantity -5 is refused, the rule's message under the
 *     quantity field, the form keeps what was typed; fixed, it saves;
 *  3. a rule set with the three rules, published as version 1;
 *  4. the set run over the subject on /audit-2026/data_validation_rule: two records fail (the bad
 *     code, the large quantity), the run names the set and its version;
 *  5. one incident acknowledged, the other waived with a reason and an expiry;
 *  6. the bad code fixed on the record's page, a second run: its incident is resolved, the waived
 *     one stays waived.
 * Screenshots: /tmp/journey-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, isoDateIn, pickIn, signIn, typeDate } from './actions';
import { APP } from './support';

const SUBJECT = { key: 'journey_items', name: '旅程事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/journey-${name}.png`, fullPage: true });

/** Writes one rule in /admin/rule/new; `fill` sets the kind's own inputs. */
async function writeRule(
  page: Page,
  rule: { name: string; kind: RegExp; severity: '阻断' | '警告'; zh: string; en: string },
  fill: () => Promise<void>,
) {
  await page.goto('/admin/rule/new');
  await page.getByTestId('rule-name').fill(rule.name);
  await pickIn(page, 'rule-app', `(${APP.slug})`);
  await pickIn(page, 'rule-subject', `(${SUBJECT.key})`);
  await pickIn(page, 'rule-kind', rule.kind);
  await fill();
  await page.getByTestId('rule-severity').getByText(rule.severity, { exact: true }).click();
  await page.getByTestId('rule-message-zh').fill(rule.zh);
  await page.getByTestId('rule-message-en').fill(rule.en);
  await page.getByTestId('rule-save').click();
  await expect(page).toHaveURL(/\/admin\/rule\/[0-9a-f-]{36}$/);
}

/** Starts a run of `set` (its label) over the subject from the data validation page; waits until it is done. */
async function runSet(page: Page, set: string) {
  await page.getByTestId(`rule-run-start-${SUBJECT.key}`).click();
  await pickIn(page, 'rule-run-set', set);
  await page.getByTestId('rule-run-confirm').click();
  const detail = page.getByTestId('rule-run-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('rule-run-state')).toHaveText('已完成', { timeout: 30_000 });
  return detail;
}

test('rules journey: three rules, a refused record, a published set run over the subject, incidents acknowledged, waived and resolved', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  if ((await page.request.get(API)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...SUBJECT,
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true },
        { key: 'qty', name: '数量', type: 'number' },
        { key: 'code', name: '编码', type: 'text' },
      ],
    });
  }
  const stamp = Date.now();
  const add = async (title: string, qty: number, code: string) =>
    (await apiJson<{ record: { id: string } }>(page, 'POST', `${API}/records`, { values: { title, qty, code } })).record;
  await add(`良好 ${stamp}`, 5, 'AB-123');
  const badCode = await add(`编码有误 ${stamp}`, 7, 'ab 1');
  await add(`数量偏大 ${stamp}`, 300, 'CD-456');

  // 1. three rules
  await writeRule(
    page,
    { name: `数量范围 ${stamp}`, kind: /^范围$/, severity: '阻断', zh: '{field}须在 {limit} 之间，现为 {value}', en: '{field} must be within {limit}, not {value}' },
    async () => {
      await pickIn(page, 'rule-def-field', '(qty)');
      await page.getByTestId('rule-def-min').fill('0');
      await page.getByTestId('rule-def-max').fill('1000');
    },
  );
  await writeRule(
    page,
    { name: `编码格式 ${stamp}`, kind: /^格式/, severity: '警告', zh: '{field}应形如 AB-123，现为 {value}', en: '{field} should look like AB-123, not {value}' },
    async () => {
      await pickIn(page, 'rule-def-field', '(code)');
      await page.getByTestId('rule-def-pattern').fill('[A-Z]{2}-[0-9]{3}');
    },
  );
  await writeRule(
    page,
    { name: `数量上限 ${stamp}`, kind: /^表达式$/, severity: '警告', zh: '数量超过 100 需要复核', en: 'A quantity over 100 needs a review' },
    async () => {
      await page.getByTestId('rule-def-expression').fill('qty <= 100');
    },
  );
  await page.goto('/admin/rule');
  for (const name of [`数量范围 ${stamp}`, `编码格式 ${stamp}`, `数量上限 ${stamp}`])
    await expect(page.getByTestId('rule-link').filter({ hasText: name })).toBeVisible();
  await shot(page, 'rules');

  // 2. a bad record in the form: refused, the rule's message under the field, what was typed kept
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await page.getByTestId('create-record').click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByTestId('create-record-form')).toBeVisible();
  await drawer.getByLabel('标题', { exact: true }).fill(`新记录 ${stamp}`);
  await drawer.getByLabel('数量', { exact: true }).fill('-5');
  await drawer.getByLabel('编码', { exact: true }).fill('EF-789');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  // the one error of the form, under the quantity
  await expect(drawer.locator('.ant-form-item-explain-error')).toHaveText('数量须在 0–1000 之间，现为 -5');
  await expect(drawer.locator('.ant-form-item-has-error').getByLabel('数量', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('标题', { exact: true })).toHaveValue(`新记录 ${stamp}`);
  await shot(page, 'refused');
  await drawer.getByLabel('数量', { exact: true }).fill('12');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('记录已创建')).toBeVisible();
  await expect(drawer).toBeHidden();

  // 3. a rule set with the three rules, published
  await page.goto('/admin/ruleSet/new');
  const setName = `旅程规则 ${stamp}`;
  await page.getByTestId('rule-set-name').fill(setName);
  await pickIn(page, 'rule-set-app', `(${APP.slug})`);
  const transfer = page.getByTestId('rule-set-rules');
  for (const name of [`数量范围 ${stamp}`, `编码格式 ${stamp}`, `数量上限 ${stamp}`])
    await transfer.locator('.ant-transfer-list').first().locator('.ant-transfer-list-content-item').filter({ hasText: name }).click();
  await transfer.locator('.ant-transfer-operation button').first().click();
  await page.getByTestId('rule-set-save').click();
  await expect(page).toHaveURL(/\/admin\/ruleSet\/[0-9a-f-]{36}$/);
  await page.getByTestId('rule-set-publish').click();
  await page.getByTestId('rule-set-publish-ok').click();
  await expect(page.getByTestId('rule-set-version-1')).toBeVisible();
  await shot(page, 'set');

  // 4. the set run over the subject: the bad code and the large quantity fail
  await page.goto(`/${APP.slug}/data_validation_rule`);
  let detail = await runSet(page, setName);
  await expect(detail.getByTestId('rule-run-failing')).toHaveText('2');
  await expect(detail).toContainText(`${setName} v1`);
  const failures = detail.getByTestId('rule-run-failures');
  await expect(failures.getByText('编码应形如 AB-123，现为 ab 1')).toBeVisible();
  await expect(failures.getByText('数量超过 100 需要复核')).toBeVisible();
  await shot(page, 'run');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 5. acknowledge one incident, waive the other
  await page.getByRole('tab', { name: '问题' }).click();
  const incidents = page.getByTestId('incidents-table');
  const codeRow = incidents.locator('tr').filter({ hasText: `编码有误 ${stamp}` });
  await codeRow.getByTestId('incident-acknowledge').click();
  await expect(page.getByText('问题已确认')).toBeVisible();
  const qtyRow = incidents.locator('tr').filter({ hasText: `数量偏大 ${stamp}` });
  await qtyRow.getByTestId('incident-waive').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('incident-waive-reason').fill('年度大额采购，经理已批准');
  await typeDate(page, dialog.getByTestId('incident-waive-expires'), isoDateIn(30));
  await dialog.getByTestId('incident-waive-confirm').click();
  await expect(page.getByText('问题已豁免')).toBeVisible();
  await shot(page, 'incidents');

  // 6. fix the code on the record's page; the record's panel lists its incident until then
  await page.goto(`/${APP.slug}/${SUBJECT.key}/${badCode.id}`);
  await expect(page.getByTestId('record-incidents')).toContainText(`编码格式 ${stamp}`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('record-edit-form').getByLabel('编码', { exact: true }).fill('GH-321');
  await page.getByTestId('record-save').click();
  await expect(page.getByText('已保存为版本 2')).toBeVisible();
  await expect(page.getByTestId('record-incidents')).toHaveCount(0);
  await shot(page, 'fixed');

  // the next run: one failing record left; the fixed one's incident resolved, the waived one still waived
  await page.goto(`/${APP.slug}/data_validation_rule`);
  detail = await runSet(page, setName);
  await expect(detail.getByTestId('rule-run-failing')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: '问题' }).click();
  await page.getByTestId('incident-filter').getByText('全部').click();
  await expect(incidents.locator('tr').filter({ hasText: `编码有误 ${stamp}` }).getByTestId('incident-state')).toHaveText('已解决');
  await expect(incidents.locator('tr').filter({ hasText: `数量偏大 ${stamp}` }).getByTestId('incident-state')).toHaveText('已豁免');
  await shot(page, 'resolved');
  // the subject's page shows its score
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await expect(page.getByTestId('subject-quality')).toBeVisible();
  await shot(page, 'subject');
});
