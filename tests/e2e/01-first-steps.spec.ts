/**
 * A new user's first steps, as README.md "First steps" lists them, after 00-walking-skeleton
 * (which did step 1: /init created the administrator). Through the real UI, in English:
 * choose English with the header's language switch (saved for the user: it survives signing out
 * and in again, even with the browser's own choice forgotten) → on the console dashboard "New
 * application" → in its settings' "Subjects" tab a new subject → its fields (text, number, a single
 * select whose options are pasted one per line) and the display field → /{slug}/import: upload a
 * CSV, mapping, preview, dry run, import → on the subject's page "Views" → a new grid view, shared
 * with a link. Names and slugs are unique per run. At the end the view is deleted and the
 * administrator's language set back to zh-CN, so the later specs find the console they expect.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { chooseOption, openSelect, signInThroughPage, switchLanguage } from './actions';
import { ADMIN, AUTH_HEADERS } from './support';

const RUN = Date.now().toString(36);
const SLUG = `first-${RUN}`;
const SUBJECT = { name: `Packages ${RUN}`, key: `packages_${RUN}` };
const CSV = `test-results/first-steps-${RUN}.csv`;

test.use({ viewport: { width: 1400, height: 900 } });

/** The open field drawer. */
const drawerOf = (page: Page) => page.locator('.field-drawer .ant-drawer-content');

async function addField(page: Page, name: string, key: string, type: { testId: string; search: string }, fill?: (drawer: Locator) => Promise<void>) {
  await page.getByTestId('add-field').click();
  const drawer = drawerOf(page);
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Key', { exact: true }).fill(key);
  await openSelect(page, drawer.getByLabel('Type', { exact: true }));
  await page.keyboard.type(type.search);
  await chooseOption(page, page.locator('.ant-select-dropdown:visible').getByTestId(`field-type-${type.testId}`));
  await fill?.(drawer);
  await drawer.getByTestId('save-field').click();
  await expect(page.getByText(`Field “${name}” added`)).toBeVisible();
  await expect(drawer).toBeHidden();
}

// the later specs on this server expect the administrator in zh-CN: set it back even when a step failed
test.afterAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  try {
    expect((await api.post('/api/v1/auth/login', { headers: AUTH_HEADERS, data: { email: ADMIN.email, password: ADMIN.password } })).ok()).toBe(true);
    expect((await api.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale: 'zh-CN' } })).ok()).toBe(true);
  } finally {
    await api.dispose();
  }
});

test('first steps: language, application, subject, fields, import, views', async ({ page, problems }) => {
  test.setTimeout(90_000);
  // 1. signed in as the administrator /init created; choose English, which is saved for the user
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await switchLanguage(page, 'en-US');
  await expect(page.getByTestId('create-app')).toHaveText(/New application/);
  // <html lang> follows the language, for screen readers and the browser's own reading of the page
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the browser's own choice forgotten: the login page speaks the browser's language (zh-CN) …
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await page.getByLabel('邮箱').fill(ADMIN.email);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // … and signing in brings the saved English back
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('create-app')).toHaveText(/New application/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  // 2. Application: the console dashboard's "New application" (slug, name)
  await page.getByTestId('create-app').click();
  const appDialog = page.getByRole('dialog');
  await appDialog.getByLabel('Name', { exact: true }).fill(`First steps ${RUN}`);
  await appDialog.getByLabel('Slug', { exact: true }).fill(SLUG);
  await appDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));

  // 3. Subject: the workspace's settings, "Subjects"
  await page.goto(`/${SLUG}/settings`);
  await page.getByRole('tab', { name: 'Subjects' }).click();
  await page.getByTestId('create-subject').click();
  const subjectDialog = page.getByRole('dialog');
  await subjectDialog.getByLabel('Name', { exact: true }).fill(SUBJECT.name);
  await subjectDialog.getByLabel('Key', { exact: true }).fill(SUBJECT.key);
  await subjectDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('schema-editor')).toBeVisible();

  // 4. Fields: text, number, a single select with its options pasted one per line; the display field
  await addField(page, 'Package', 'name', { testId: 'text', search: 'Text' });
  await addField(page, 'Size', 'size', { testId: 'number', search: 'Number' });
  await addField(page, 'Priority', 'priority', { testId: 'singleSelect', search: 'Single' }, async (drawer) => {
    await drawer.getByTestId('paste-choices').click();
    await page.getByTestId('paste-choices-text').fill('High\nLow');
    await page.getByTestId('paste-choices-ok').click();
    await expect(drawer.getByLabel('Label 2', { exact: true })).toHaveValue('Low');
  });
  await chooseOption(page, (await openSelect(page, page.getByLabel('Display field'))).getByText('Package (name)'));
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/subjects/${SUBJECT.key}`));
  await page.getByTestId('save-subject-settings').click();
  expect((await saved).ok()).toBe(true);
  const subject = (await (await page.request.get(`/api/v1/applications/${SLUG}/subjects/${SUBJECT.key}`)).json()) as { data: { displayField: string } };
  expect(subject.data.displayField).toBe('name');

  // 5. Import: /{slug}/import — upload a CSV, mapping, preview, dry run, insert
  mkdirSync('test-results', { recursive: true });
  writeFileSync(CSV, 'name,size,priority\nalpha,1,High\nbeta,2,Low\ngamma,3,High\n');
  await page.goto(`/${SLUG}/import`);
  await chooseOption(page, (await openSelect(page, page.getByTestId('import-subject'))).getByText(SUBJECT.name, { exact: true }));
  await page.getByTestId('import-wizard').locator('input[type=file]').setInputFiles(CSV);
  await expect(page.getByTestId('import-mapping')).toBeVisible();
  await page.getByTestId('import-next').click();
  // the mode (insert) and key are chosen before the dry run, which then shows the figures and the preview
  await expect(page.getByTestId('import-mode')).toBeVisible();
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-counts')).toBeVisible();
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toContainText('3 inserted', { timeout: 30_000 });

  // 6. Views: on the subject's page, "Views" → a new grid view, shared read-only with a link
  await page.goto(`/${SLUG}/${SUBJECT.key}`);
  await expect(page.getByTestId('records-grid').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await page.getByTestId('views-menu').click();
  await page.getByRole('menuitem', { name: 'New Grid view' }).click();
  await page.getByTestId('new-view-name').fill('All packages');
  await page.getByTestId('new-view-ok').click();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/);
  const viewId = page.url().split('/').pop()!;
  await expect(page.getByTestId('view-row')).toHaveCount(3);
  await page.getByTestId('view-share').click();
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-link')).toContainText(`/${SLUG}/share_grid_view?token=`);
  await page.screenshot({ path: 'tests/e2e/screenshots/first-steps-view.png' });

  // leave the later specs the console they expect: the view goes, recycle bin included (44-views
  // counts the views in /admin/view and in the bin), and the suite speaks zh-CN: the administrator's language back
  expect((await page.request.delete(`/api/v1/views/${viewId}`, { headers: { 'x-assay-request': '1' } })).ok()).toBe(true);
  expect((await page.request.delete(`/api/v1/recycle/view/${viewId}`, { headers: { 'x-assay-request': '1' } })).ok()).toBe(true);
  expect((await page.request.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale: 'zh-CN' } })).ok()).toBe(true);
  expect(unexpected(problems)).toEqual([]);
});
