/**
 * The audit engagement journey in the browser (docs/engagements.md), as two new users: the auditor
 * (an owner of the application, not an administrator) and the reviewer (an editor). The
 * administrator only makes the accounts, the application and a population subject of twelve records.
 * The auditor enables the Audit module in the application's settings; on /:app/audit_process they
 * create an engagement and two procedures, draw a seeded sample of three records, conclude the second
 * procedure ineffective and raise the proposed finding, create a workpaper, attach a document of the
 * evidence store, add a review note and clear it, and submit the workpaper; the reviewer reviews and
 * approves it (three sign-offs). The auditor concludes the first procedure and submits the
 * engagement; the reviewer approves it with the finding open (→ follow-up); the auditor starts the
 * remediation, asks for the re-test, concludes the re-opened procedure effective (the finding
 * closes) and closes the engagement. Last the audit report: rendered from the default template,
 * submitted by the auditor, reviewed and approved by the reviewer on /:app/audit_report, and opened
 * on the printable /audit_report page. Screenshots: /tmp/shots-audit-process/*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, checkBox, chooseOption, openSelect, pickIn, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const stamp = Date.now().toString(36);
const APP = { slug: `audit-j-${stamp}`, name: '审计作业测试' };
const AUDITOR = { name: '审计员', email: `audit.auditor.${stamp}@example.com`, password: 'Audit-auditor-2026' };
const REVIEWER = { name: '复核经理', email: `audit.reviewer.${stamp}@example.com`, password: 'Audit-reviewer-2026' };
const POPULATION = { key: 'ap_payments', name: '付款记录' };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-audit-process/${name}.png` });

/** Presses the primary button of the open modal (a ModalForm's submit, a Modal's OK). */
async function okModal(page: Page) {
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').last().click();
}

test('audit journey: two new users plan, test, review, approve, remediate, close and report an engagement', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page);
  const users: Record<string, string> = {};
  for (const u of [AUDITOR, REVIEWER]) {
    const res = await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: u });
    expect(res.status()).toBe(201);
    users[u.email] = ((await res.json()) as { data: { id: string } }).data.id;
  }
  expect((await page.request.post('/api/v1/applications', { headers: AUTH_HEADERS, data: APP })).status()).toBe(201);
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: AUDITOR.email, role: 'owner' });
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/members`, { email: REVIEWER.email, role: 'editor' });
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    ...POPULATION,
    displayField: 'title',
    fields: [{ key: 'title', name: '摘要', type: 'text', required: true }],
  });
  for (let i = 1; i <= 12; i++)
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/${POPULATION.key}/records`, { values: { title: `付款 ${i}` } });

  // the auditor enables the Audit module in the application's settings
  await signIn(page, AUDITOR);
  await page.goto(`/${APP.slug}/settings`);
  await checkBox(page.getByTestId('settings-general-form').getByLabel('审计', { exact: true }));
  await page.getByTestId('settings-save').click();
  await expect(page.locator('.ant-message')).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/api/v1/applications/${APP.slug}/audit/model`)).status()).toBe(200);

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
  await apiJson(page, 'PATCH', record, {
    version: current.version,
    values: { period_start: '2026-01-01', period_end: '2026-06-30', lead: me.id, reviewer: users[REVIEWER.email] },
  });
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
  // a document of the application's evidence store, for the workpaper's evidence
  const upload = await page.request.post(`/api/v1/applications/${APP.slug}/documents/upload`, {
    headers: { 'x-assay-request': '1' },
    multipart: { file: { name: '审批记录.txt', mimeType: 'text/plain', buffer: Buffer.from('付款审批记录 2026') } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  await page.getByTestId('workpaper-open').first().click();
  const detail = page.getByTestId('workpaper-detail');
  await expect(detail).toHaveAttribute('data-status', 'draft');
  // evidence: the uploaded document, attached to the workpaper
  await openSelect(page, page.getByTestId('workpaper-evidence').getByLabel('文档'));
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '审批记录' }).first());
  await page.getByTestId('evidence-attach').click();
  await expect(page.getByTestId('workpaper-evidence')).toContainText('审批记录.txt');
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

  // the auditor concludes the first procedure and submits the engagement for approval
  const act = async (prefix: string, action: string, comment: string) => {
    await page.getByTestId(`${prefix}-${action}`).click();
    await page.getByTestId(`${prefix}-comment`).fill(comment);
    await page.getByTestId(`${prefix}-confirm`).click();
  };
  await signIn(page, AUDITOR);
  await page.reload();
  await page.getByRole('tab', { name: '审计程序' }).click();
  await rows.nth(0).getByTestId('procedure-conclude').click();
  await page.getByRole('radio', { name: '有效', exact: true }).check();
  await page.getByTestId('conclude-submit').click();
  await expect(page.getByTestId('progress-procedures')).toHaveText('2 / 2');
  await act('engagement-action', 'submit_for_approval', '现场工作完成');
  await expect(page.getByTestId('engagement-phase')).toHaveAttribute('data-phase', 'awaiting_approval');

  // the reviewer approves with the finding still open: follow-up
  await signIn(page, REVIEWER);
  await page.reload();
  await act('engagement-action', 'approve', '同意，发现待整改');
  await expect(page.getByTestId('engagement-phase')).toHaveAttribute('data-phase', 'follow_up');

  // the auditor: remediation, re-test, the re-opened procedure passes, the finding closes, the engagement closes
  await signIn(page, AUDITOR);
  await page.reload();
  await page.getByRole('tab', { name: '审计发现' }).click();
  await act('finding-action', 'start_remediation', '已制定整改计划');
  await expect(page.getByTestId('finding-status')).toHaveText(/整改/);
  await act('finding-action', 'request_retest', '整改完成，申请复测');
  await expect(page.getByTestId('finding-status')).toHaveText(/复测/);
  await page.getByRole('tab', { name: '审计程序' }).click();
  await expect(rows.nth(1).getByTestId('procedure-status')).not.toHaveText('已完成');
  await rows.nth(1).getByTestId('procedure-conclude').click();
  await page.getByRole('radio', { name: '有效', exact: true }).check();
  await page.getByTestId('conclude-submit').click();
  await expect(rows.nth(1).getByTestId('procedure-status')).toHaveText('已完成');
  await page.getByRole('tab', { name: '审计发现' }).click();
  await expect(page.getByTestId('finding-status')).toHaveText(/关闭/);
  await act('engagement-action', 'close', '全部整改完成');
  await expect(page.getByTestId('engagement-phase')).toHaveAttribute('data-phase', 'closed');
  await shot(page, 'closed');

  // the audit report: rendered from the default template, submitted, reviewed and approved, printable
  const { templateId } = await apiJson<{ templateId: string }>(page, 'POST', `/api/v1/applications/${APP.slug}/audit/reports/default-template`, {});
  const report = await apiJson<{ id: string }>(page, 'POST', `/api/v1/applications/${APP.slug}/audit/reports`, {
    engagementId,
    templateId,
    title: '2026 年度采购审计报告',
    format: 'html',
  });
  await page.goto(`/${APP.slug}/audit_report`);
  const reportRow = page.getByRole('row').filter({ hasText: '2026 年度采购审计报告' });
  await expect(reportRow).toContainText('已生成', { timeout: 20_000 });
  const review = async (button: RegExp, status: string) => {
    await reportRow.getByRole('button', { name: '复核' }).click();
    await page.getByTestId('report-review').getByRole('button', { name: button }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(reportRow).toContainText(status);
  };
  await review(/提交复核/, '待复核');
  await signIn(page, REVIEWER);
  await page.reload();
  await review(/标记已复核/, '已复核');
  await review(/批准/, '已批准');
  await page.goto(`/audit_report?app=${APP.slug}&id=${report.id}`);
  await expect(page.getByTestId('audit-report-print')).toBeVisible();
  await expect(page.getByTestId('audit-report-print')).toContainText('已批准');
  await expect(page.frameLocator('[data-testid="report-frame"]').locator('body')).toContainText('2026 年度采购审计');
  await shot(page, 'report');
});
