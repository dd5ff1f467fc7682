/**
 * The audit report pages in the browser as the administrator (docs/engagements-monitor.md "Report
 * pages"). Data through the API: an application with the Audit module (reports-e2e), an engagement
 * and the default report template (POST …/audit/reports/default-template). Then at
 * /reports-e2e/audit_report: "New report" (engagement, template, title, HTML) → the row, rendered;
 * the review dialog submits it (pending review); the printable page /audit_report?app=&id= shows the
 * rendered HTML in its frame, the status and the preparer's sign-off, with a Print button; a
 * malformed id is 404 without a request. Screenshots: tests/e2e/screenshots/reports-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { apiJson, chooseOption, openSelect, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const APP = { slug: 'reports-e2e', name: '审计报告测试', modules: ['audit'] };
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/reports-${name}.png`, fullPage: true });

test('a report made from the list renders, is submitted for review, and prints from its own page', async ({ page, problems }) => {
  await signIn(page);
  if ((await page.request.get(`/api/v1/applications/${APP.slug}`, { headers: AUTH_HEADERS })).status() === 404)
    await apiJson(page, 'POST', '/api/v1/applications', APP);
  const model = await apiJson<{ subjects: Record<string, { key: string }> }>(page, 'GET', `/api/v1/applications/${APP.slug}/audit/model`);
  const stamp = Date.now().toString(36);
  const engagementTitle = `存货审计 ${stamp}`;
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/${model.subjects.engagement.key}/records`, {
    values: { title: engagementTitle },
  });
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/audit/reports/default-template`, {});

  await page.goto(`/${APP.slug}/audit_report`);
  await expect(page.getByTestId('audit-reports')).toBeVisible();
  await page.getByTestId('report-new').click();
  const dialog = page.getByRole('dialog');
  await openSelect(page, dialog.getByLabel('审计项目'));
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: engagementTitle }).first());
  await openSelect(page, dialog.getByLabel('报告模板'));
  await chooseOption(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').first());
  const title = `存货审计报告 ${stamp}`;
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('已生成', { timeout: 20_000 });
  await shot(page, 'list');

  // review: submit (draft → pending review)
  await row.getByRole('button', { name: '复核' }).click();
  const review = page.getByTestId('report-review');
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: /提交复核/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('待复核');

  // the printable page
  const reports = await apiJson<{ id: string; title: string }[]>(page, 'GET', `/api/v1/applications/${APP.slug}/audit/reports`);
  const id = reports.find((r) => r.title === title)!.id;
  await page.goto(`/audit_report?app=${APP.slug}&id=${id}`);
  await expect(page.getByTestId('audit-report-print')).toBeVisible();
  await expect(page.getByTestId('report-print')).toBeVisible();
  await expect(page.getByTestId('report-signoffs')).toContainText('编制');
  await expect(page.frameLocator('[data-testid="report-frame"]').locator('body')).toContainText(engagementTitle);
  await shot(page, 'print');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('report-print')).toBeHidden();
  await shot(page, 'print-media');
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/audit_report?app=reports-e2e&id=nope');
  await expect(page.getByTestId('exception-404')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});
