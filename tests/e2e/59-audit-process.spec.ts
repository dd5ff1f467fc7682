/**
 * The audit process page (/:app/audit_process, AUDIT-API.md) in the browser: the administrator
 * makes an application with the Audit module, a population subject of twelve records and a second
 * member (the reviewer); on the page they create an engagement and two procedures, draw a seeded
 * sample of three records from the population, conclude the second procedure ineffective and raise
 * the proposed finding, create a workpaper, add a review note and clear it, and submit the
 * workpaper; the reviewer then reviews and approves it (three sign-offs). Screenshots:
 * /tmp/shots-audit-process/*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, pickIn, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const APP = { slug: 'audit-process-e2e', name: '审计作业测试', modules: ['audit'] };
const REVIEWER = { name: '复核经理', email: 'audit.reviewer.e2e@example.com', password: 'Audit-reviewer-2026' };
const POPULATION = { key: 'ap_payments', name: '付款记录' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-audit-process/${name}.png` });

/** Presses the primary button of the open modal (a ModalForm's submit, a Modal's OK). */
async function okModal(page: Page) {
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').last().click();
}

test('audit process: engagement, procedures, sample, ineffective conclusion, finding, workpaper review with a cleared note', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page);
  expect([201, 409]).toContain((await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: REVIEWER })).status());
  expect([201, 409]).toContain((await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: APP })).status());
  await page.request.post(`/api/v1/applications/${APP.slug}/members`, { headers: AUTH_HEADERS, data: { email: REVIEWER.email, role: 'editor' } });
  if ((await page.request.get(`/api/v1/applications/${APP.slug}/subjects/${POPULATION.key}`)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...POPULATION,
      displayField: 'title',
      fields: [{ key: 'title', name: '摘要', type: 'text', required: true }],
    });
    for (let i = 1; i <= 12; i++)
      await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/${POPULATION.key}/records`, { values: { title: `付款 ${i}` } });
  }

  // the engagement
  await page.goto(`/${APP.slug}/audit_process`);
  await expect(page.getByTestId('audit-process')).toBeVisible();
  await page.getByTestId('engagement-new').first().click();
  await page.getByTestId('engagement-title').fill('2026 年度采购审计');
  await okModal(page);
  await expect(page.getByTestId('engagement-workspace')).toBeVisible();
  await expect(page).toHaveURL(/engagement=[0-9a-f-]{36}/);
  await expect(page.getByTestId('engagement-phase')).toHaveAttribute('data-phase', 'scope');
  // no period and no procedure yet: "submit scope" is shown blocked, its reasons in a tooltip
  await expect(page.getByTestId('engagement-action-submit_scope')).toBeDisabled();
  await page.getByTestId('engagement-action-submit_scope-blocked').focus();
  await expect(page.locator('.ant-tooltip:visible')).toBeVisible();
  const engagementId = new URL(page.url()).searchParams.get('engagement')!;

  // two procedures
  for (const title of ['付款审批控制测试', '供应商主数据变更测试']) {
    await page.getByTestId('procedure-new').click();
    await page.getByTestId('procedure-title').fill(title);
    await okModal(page);
    await expect(page.getByTestId('procedures-table')).toContainText(title);
  }
  const rows = page.getByTestId('procedures-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);

  // with a period and a lead (set through the records API) the scope is submitted and fieldwork starts
  const record = `/api/v1/applications/${APP.slug}/subjects/audit_engagement/records/${engagementId}`;
  const me = await apiJson<{ id: string }>(page, 'GET', '/api/v1/auth/me');
  const { record: current } = await apiJson<{ record: { version: number } }>(page, 'GET', record);
  await apiJson(page, 'PATCH', record, { version: current.version, values: { period_start: '2026-01-01', period_end: '2026-06-30', lead: me.id } });
  await page.reload();
  for (const [action, phase] of [['submit_scope', 'validate'], ['start_fieldwork', 'fieldwork']]) {
    await page.getByTestId(`engagement-action-${action}`).click();
    await page.getByTestId('engagement-action-comment').fill(`${action} e2e`);
    await page.getByTestId('engagement-action-confirm').click();
    await expect(page.getByTestId('engagement-phase')).toHaveAttribute('data-phase', phase);
  }
  await expect(page.getByTestId('engagement-history')).toContainText('start_fieldwork e2e');

  // a seeded sample of three payments for the first
  await rows.nth(0).getByTestId('procedure-sample').click();
  await pickIn(page, 'sample-population', POPULATION.key);
  await page.getByLabel('样本量').fill('3');
  await page.getByLabel('种子（可选）').fill('e2e-seed-2026');
  await page.getByTestId('sample-submit').click();
  await expect(page.getByTestId('sample-result')).toBeVisible();
  await expect(page.getByTestId('sample-seed')).toContainText('e2e-seed-2026');
  await expect(page.getByTestId('sample-selected').locator('.ant-list-item')).toHaveCount(3);
  await shot(page, 'sample');
  await page.getByTestId('sample-submit').click();

  // the second concluded ineffective, its proposed finding raised
  await rows.nth(1).getByTestId('procedure-conclude').click();
  await page.getByRole('radio', { name: '无效' }).check();
  await page.getByTestId('conclude-submit').click();
  await expect(page.getByTestId('proposed-finding')).toBeVisible();
  await page.getByTestId('raise-proposed').click();
  await expect(page.getByLabel('发现', { exact: true })).not.toHaveValue('');
  await page.getByTestId('finding-submit').click();
  await expect(rows.nth(1).getByTestId('procedure-status')).toHaveText('已完成');
  await page.getByRole('tab', { name: '审计发现' }).click();
  await expect(page.getByTestId('findings-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('progress-procedures')).toHaveText('1 / 2');

  // a workpaper, a review note added and cleared, submitted
  await page.getByRole('tab', { name: '工作底稿' }).click();
  await page.getByTestId('workpaper-new').click();
  await page.getByLabel('标题', { exact: true }).fill('付款审批控制测试底稿');
  await okModal(page);
  await expect(page.getByTestId('workpapers-table')).toContainText('WP-001');
  await page.getByTestId('workpaper-open').first().click();
  const detail = page.getByTestId('workpaper-detail');
  await expect(detail).toHaveAttribute('data-status', 'draft');
  await page.getByTestId('review-note-input').fill('请补充审批记录截图');
  await page.getByTestId('review-note-add').click();
  await expect(page.getByTestId('review-note-status')).toHaveText('未开始');
  await expect(page.getByTestId('workpaper-action-submit')).toBeDisabled(); // an open note blocks the submit
  await page.getByTestId('review-note-clear').click();
  await page.getByTestId('review-note-response').fill('已补充');
  await page.getByTestId('review-note-clear-confirm').click();
  await expect(page.getByTestId('review-note-status')).toHaveText('已处理');
  await page.getByTestId('workpaper-action-submit').click();
  await page.getByTestId('workpaper-action-confirm').click();
  await expect(detail).toHaveAttribute('data-status', 'pending_review');
  await shot(page, 'workpaper-submitted');

  // the reviewer reviews and approves
  await signIn(page, REVIEWER);
  await page.reload();
  await expect(detail).toHaveAttribute('data-status', 'pending_review');
  await page.getByTestId('workpaper-action-review').click();
  await page.getByTestId('workpaper-action-confirm').click();
  await expect(detail).toHaveAttribute('data-status', 'reviewed');
  await page.getByTestId('workpaper-action-approve').click();
  await page.getByTestId('workpaper-action-confirm').click();
  await expect(detail).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('workpaper-signoffs').locator('.ant-descriptions-row')).toHaveCount(3);
  await expect(page.getByTestId('workpaper-revise')).toBeVisible();
  await shot(page, 'workpaper-approved');
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('workpaper-drawer')).toBeHidden();
  await page.getByRole('tab', { name: '审计发现' }).click();
  await shot(page, 'page');
});
