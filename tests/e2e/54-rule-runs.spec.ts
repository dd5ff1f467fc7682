/**
 * Data validation in the browser (docs/rule-runs.md), after 00-walking-skeleton (application
 * audit-2026). Through the API the administrator makes a subject with three records, two of them
 * failing a warning rule "quantity at least 0" (the rules API), and a member (owner of the
 * application: an owner may waive). The member, on /audit-2026/data_validation_rule: runs the
 * subject's enabled rules, sees the run done with its score, the per-rule counts and the failing
 * records; acknowledges one incident and waives the other with a reason and an expiry; fixes the
 * first record (through the records API); runs again and sees that incident resolved, the waived
 * one still waived, and the trend. Screenshots: /tmp/rruns-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, isoDateIn, signIn, typeDate } from './actions';
import { ADMIN, APP } from './support';

const SUBJECT = { key: 'quality_items', name: '质量事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const MEMBER = { email: `quality.owner.${Date.now()}@example.com`, password: 'Quality-owner-2026' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/rruns-${name}.png`, fullPage: true });

/** Starts a run of the subject's enabled rules from the page and waits until the newest run is done. */
async function runFromPage(page: Page) {
  await page.getByTestId(`rule-run-start-${SUBJECT.key}`).click();
  await expect(page.getByTestId('rule-run-confirm')).toBeVisible();
  await page.getByTestId('rule-run-confirm').click();
  const detail = page.getByTestId('rule-run-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('rule-run-state')).toHaveText('已完成', { timeout: 30_000 });
  return detail;
}

test('a member runs the rules, acknowledges and waives incidents, fixes a record, and the next run resolves it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  if ((await page.request.get(API)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...SUBJECT,
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true },
        { key: 'qty', name: '数量', type: 'number' },
      ],
    });
  }
  const stamp = Date.now();
  const add = async (title: string, qty: number) =>
    (await apiJson<{ record: { id: string; version: number } }>(page, 'POST', `${API}/records`, { values: { title, qty } })).record;
  await add(`合格 ${stamp}`, 5);
  const fixme = await add(`待修正 ${stamp}`, -1);
  await add(`待豁免 ${stamp}`, -2);
  await apiJson(page, 'POST', '/api/v1/rules', {
    application: APP.slug,
    subject: SUBJECT.key,
    name: `数量非负 ${stamp}`,
    definition: { kind: 'range', field: 'qty', min: '0' },
    severity: 'warning',
    messageZh: '{field}不能小于 0，当前为 {value}',
    messageEn: '{field} must be at least 0, not {value}',
  });
  await apiJson(page, 'POST', '/api/v1/users', { name: '质量负责人', email: MEMBER.email, password: MEMBER.password, isAdmin: false });
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: MEMBER.email, role: 'owner' });

  await signIn(page, MEMBER);
  await page.goto(`/${APP.slug}/data_validation_rule`);
  await expect(page.getByTestId(`data-quality-${SUBJECT.key}`)).toBeVisible();
  await shot(page, 'empty');

  // first run: two failing records
  let detail = await runFromPage(page);
  await expect(detail.getByTestId('rule-run-failing')).toHaveText('2');
  await expect(detail.getByTestId('rule-run-results')).toContainText(`数量非负 ${stamp}`);
  const failures = detail.getByTestId('rule-run-failures');
  await expect(failures.getByText(`待修正 ${stamp}`)).toBeVisible();
  await expect(failures.getByText('数量不能小于 0，当前为 -1')).toBeVisible();
  await shot(page, 'run');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // the incidents: acknowledge one, waive the other
  await page.getByRole('tab', { name: '问题' }).click();
  const incidents = page.getByTestId('incidents-table');
  const fixRow = incidents.locator('tr').filter({ hasText: `待修正 ${stamp}` });
  await expect(fixRow).toBeVisible();
  await fixRow.getByTestId('incident-acknowledge').click();
  await expect(page.getByText('问题已确认')).toBeVisible();
  await expect(fixRow).toBeHidden(); // the filter shows open ones
  const waiveRow = incidents.locator('tr').filter({ hasText: `待豁免 ${stamp}` });
  await waiveRow.getByTestId('incident-waive').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('incident-waive-confirm').click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible(); // reason and expiry are required
  await dialog.getByTestId('incident-waive-reason').fill('供应商退货冲销，年末处理');
  await typeDate(page, dialog.getByTestId('incident-waive-expires'), isoDateIn(30));
  await shot(page, 'waive');
  await dialog.getByTestId('incident-waive-confirm').click();
  await expect(page.getByText('问题已豁免')).toBeVisible();
  await page.getByTestId('incident-filter').getByText('全部').click();
  await expect(incidents.locator('tr').filter({ hasText: `待豁免 ${stamp}` }).getByTestId('incident-state')).toHaveText('已豁免');
  await expect(incidents.locator('tr').filter({ hasText: `待修正 ${stamp}` }).getByTestId('incident-state')).toHaveText('已确认');
  await shot(page, 'incidents');

  // the member fixes the record; the next run resolves its incident
  await apiJson(page, 'PATCH', `${API}/records/${fixme.id}`, { version: fixme.version, values: { qty: 3 } });
  await page.getByRole('tab', { name: '运行记录' }).click();
  detail = await runFromPage(page);
  await expect(detail.getByTestId('rule-run-failing')).toHaveText('1');
  await expect(detail.getByTestId('rule-run-trend')).toBeVisible();
  await shot(page, 'second-run');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: '问题' }).click();
  await page.getByTestId('incident-filter').getByText('全部').click();
  await expect(incidents.locator('tr').filter({ hasText: `待修正 ${stamp}` }).getByTestId('incident-state')).toHaveText('已解决');
  await expect(incidents.locator('tr').filter({ hasText: `待豁免 ${stamp}` }).getByTestId('incident-state')).toHaveText('已豁免');
  await expect(page.getByTestId(`data-quality-${SUBJECT.key}`)).toContainText('1');
  await shot(page, 'resolved');
});
