/**
 * The last step of the data core's browser story: a subject deleted to the recycle bin and restored,
 * records and all. After 00-walking-skeleton (administrator, application audit-2026): a subject
 * `recycle_items` with three fields and two records is made through the API; in the browser the
 * administrator opens its records, deletes the subject on its console page (confirmed), sees
 * `/{app}/recycle_items` answer 404, restores it from /admin/recycle, and finds both records back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { signIn } from './actions';
import { APP, AUTH_HEADERS } from './support';

const SUBJECT = { key: 'recycle_items', name: '回收测试条目' };

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { headers: AUTH_HEADERS, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const okButton = (page: Page) => page.locator('.ant-modal-confirm-btns, .ant-popconfirm-buttons').getByRole('button').last();

test('a subject goes to the recycle bin and comes back with its records', async ({ page, problems }) => {
  await signIn(page);
  const base = `/api/v1/applications/${APP.slug}/subjects`;
  const subject = await api<{ id: string }>(page.request, 'post', base, {
    key: SUBJECT.key,
    name: SUBJECT.name,
    displayField: 'title',
    fields: [
      { key: 'title', name: '标题', type: 'text', required: true },
      { key: 'amount', name: '金额', type: 'money', options: { currency: 'CNY', precision: 2 } },
      { key: 'due', name: '到期日', type: 'date' },
    ],
  });
  for (const [title, amount] of [
    ['应收账款函证', '1200.50'],
    ['存货监盘', '88.00'],
  ]) {
    await api(page.request, 'post', `${base}/${SUBJECT.key}/records`, { values: { title, amount, due: '2026-12-31' } });
  }

  // the records are there
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await expect(page.getByText('应收账款函证')).toBeVisible();
  await expect(page.getByText('存货监盘')).toBeVisible();

  // delete the subject from its console page (confirmed)
  await page.goto(`/admin/subject/${subject.id}`);
  await page.getByTestId('delete-subject').click();
  await page.getByTestId('confirm-delete-subject').click();
  await expect(page).toHaveURL(/\/admin\/subject$/);
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await expect(page.getByTestId('exception-404')).toBeVisible();

  // restore it from the recycle bin: the records come back with it
  await page.goto('/admin/recycle');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: SUBJECT.name });
  await row.getByText('恢复').click();
  await okButton(page).click();
  await expect(page.getByText(/已恢复/)).toBeVisible();
  await page.goto(`/${APP.slug}/${SUBJECT.key}`);
  await expect(page.getByText('应收账款函证')).toBeVisible();
  await expect(page.getByText('存货监盘')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/subject-restored-zh-CN.png', fullPage: true });
  // the two expected 404s: the subject page's last refresh after the delete, and the records page while it is in the bin
  expect(
    unexpected(problems, [
      { url: `/api/v1/subjects/${subject.id}`, status: 404 },
      { url: `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`, status: 404 },
    ]),
  ).toEqual([]);
});
