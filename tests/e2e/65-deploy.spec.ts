/**
 * The deploy packages journey (/admin/deploy), as a new administrator made for the run, on an
 * application of its own (unique slug per run, set up through the API), both installations being
 * this one server:
 * - export the application's package through the page (a real download; the key's fingerprint shows);
 * - change the application: a field `note` added through the API, with a record holding a value;
 * - a copy changed after signing is refused with the reason; a copy without its signature is shown
 *   as unsigned, with "accept this package only" and no way on before it;
 * - import the downloaded package through the page (setInputFiles): signed by this installation,
 *   so trusted; its diff shows the field as removed, its record going to the recycle bin,
 *   highlighted; no remapping needed; the dry run; apply, after a confirmation naming the record —
 *   the field is gone;
 * - roll back from the packages list, after a confirmation: the field and its value are back.
 * Screenshots: tests/e2e/screenshots/deploy-*.png.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { expect, test, unexpected } from './fixtures';
import { apiJson, pickIn, signIn } from './actions';
import { AUTH_HEADERS } from './support';

const RUN = Date.now().toString(36);
const APP = { slug: `deploy-${RUN}`, name: `部署旅程 ${RUN}` };
const DEPLOYER = { name: '部署管理员', email: `deployer.${RUN}@example.com`, password: 'Deployer-e2e-2026', isAdmin: true };
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/deploy-${name}.png`, fullPage: true });

/** The keys of the subject's fields, as the API lists them. */
async function fieldKeys(page: Page): Promise<string[]> {
  const subject = await apiJson<{ fields: { key: string }[] }>(page, 'GET', `/api/v1/applications/${APP.slug}/subjects/items`);
  return subject.fields.map((f) => f.key);
}

test('deploy journey: export a package, change the application, import it and read its diff, apply, roll back', async ({
  page,
  problems,
}, info) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  expect((await page.request.post('/api/v1/users', { headers: AUTH_HEADERS, data: DEPLOYER })).status()).toBe(201);
  await page.context().clearCookies();
  await signIn(page, DEPLOYER);
  const app = await apiJson<{ id: string }>(page, 'POST', '/api/v1/applications', APP);
  // the application's variables: a secret travels by name only; both exist here, so both are proposed as the target
  await apiJson(page, 'POST', '/api/v1/variables', { key: 'REVIEW_URL', type: 'text', value: 'https://review.example.com', applicationId: app.id });
  await apiJson(page, 'POST', '/api/v1/variables', { key: 'REVIEW_TOKEN', type: 'secret', value: 'e2e-secret-value', applicationId: app.id });
  const text = (key: string, name: string) => ({ key, name, type: 'text', options: {}, required: false, unique: false });
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
    key: 'items',
    name: '条目',
    displayField: 'title',
    fields: [text('title', '标题'), { key: 'amount', name: '金额', type: 'number', options: {}, required: false, unique: false }],
  });

  // 1. export through the page: a real download, this installation's key shown
  await page.goto('/admin/deploy');
  // the CLI's help: its command on the panel's header, the details inside
  await expect(page.getByTestId('deploy-cli')).toContainText('npm run deploy -- export|diff|apply|rollback');
  await page.getByTestId('deploy-cli').getByRole('button').first().click();
  await expect(page.getByTestId('deploy-cli-commands')).toContainText('npm run deploy -- rollback --application');
  await expect(page.getByTestId('deploy-key-fingerprint')).toHaveText(/^([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
  await pickIn(page, 'deploy-export-app', APP.name);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('deploy-export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await shot(page, 'export');

  // 2. the application changes: a field added, a record holding a value in it
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/items/fields`, text('note', '备注'));
  await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects/items/records`, {
    values: { title: '第一条', amount: '12', note: '部署前的备注' },
  });
  expect(await fieldKeys(page)).toContain('note');

  // 3. a package changed after signing is refused, saying why; an unsigned one is shown as such
  await page.getByTestId('deploy-tab-import').click();
  const input = page.getByTestId('deploy-wizard').locator('input[type=file]');
  const zip = await JSZip.loadAsync(readFileSync(file));
  const entries = Object.keys(zip.files);
  expect(entries).toEqual(expect.arrayContaining(['package.json', 'signature.json']));
  const json = await zip.file('package.json')!.async('string');
  // the secret travels by name only
  expect(json).toContain('REVIEW_TOKEN');
  expect(json).not.toContain('e2e-secret-value');
  const doc = JSON.parse(json) as { manifest: { application: { name: string } } };
  doc.manifest.application.name = `${APP.name} (tampered)`;
  const tampered = info.outputPath('tampered.zip');
  writeFileSync(tampered, await zip.file('package.json', JSON.stringify(doc)).generateAsync({ type: 'nodebuffer' }));
  await input.setInputFiles(tampered);
  await expect(page.getByTestId('deploy-refused')).toContainText('部署包签名无效');
  await shot(page, 'refused');
  const unsigned = info.outputPath('unsigned.zip');
  const plain = await JSZip.loadAsync(readFileSync(file));
  writeFileSync(unsigned, await plain.remove('signature.json').generateAsync({ type: 'nodebuffer' }));
  await input.setInputFiles(unsigned);
  await expect(page.getByTestId('deploy-trust-state')).toContainText('此部署包未签名');
  await expect(page.getByTestId('deploy-trust-package')).toBeVisible();
  await expect(page.getByTestId('deploy-trust-signer')).toHaveCount(0);
  await expect(page.getByTestId('deploy-to-diff')).toBeDisabled();
  await page.getByTestId('deploy-other').click();

  // the package as exported: trusted (signed here), the diff shows the field removed with its record
  await page.getByTestId('deploy-wizard').locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('deploy-trust-state')).toContainText('由本系统或受信任的签名者签名');
  await expect(page.getByTestId('deploy-signature')).toContainText(APP.slug);
  await shot(page, 'signature');
  await page.getByTestId('deploy-to-diff').click();
  const diff = page.getByTestId('deploy-diff');
  const removed = diff.locator('[data-testid=deploy-change][data-key="items.note"]');
  await expect(removed).toHaveAttribute('data-change', 'removed');
  await expect(removed).toContainText('1 条记录随之进入回收站');
  await expect(page.getByTestId('deploy-kind-field')).toContainText('删除 1');
  await expect(page.getByTestId('deploy-diff-impact')).toContainText('1 项变更涉及记录');
  await shot(page, 'diff');
  await page.getByTestId('deploy-to-remap').click();
  const variables = page.getByTestId('deploy-remap-variables');
  await expect(variables.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(variables.locator('tbody tr.ant-table-row', { hasText: 'REVIEW_TOKEN' })).toContainText('机密');
  await expect(page.getByTestId('deploy-var-REVIEW_TOKEN')).toContainText('REVIEW_TOKEN');
  await expect(page.getByTestId('deploy-var-REVIEW_URL')).toContainText('REVIEW_URL');
  await shot(page, 'remap');
  await page.getByTestId('deploy-dry-run').click();
  const dry = page.getByTestId('deploy-dry-result');
  await expect(dry.locator('.ant-statistic').nth(2)).toContainText('1');
  await shot(page, 'dry-run');

  // apply, after a confirmation naming the record that goes to the recycle bin
  // by keyboard: the confirmation takes the focus on its OK button; Enter applies
  await page.getByTestId('deploy-apply').click();
  await expect(page.getByTestId('deploy-apply-confirm-text')).toContainText('1 条记录随被删除的主题和字段进入回收站');
  await expect(page.getByTestId('deploy-apply-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('deploy-applied')).toBeVisible({ timeout: 20_000 });
  expect(await fieldKeys(page)).not.toContain('note');

  // 4. roll back from the packages list: the field and its value are back
  await page.getByTestId('deploy-tab-packages').click();
  const applied = page.getByTestId('deploy-packages').locator('tbody tr.ant-table-row', { hasText: '已应用' });
  await expect(applied).toHaveCount(1);
  await expect(applied).toContainText(APP.slug);
  await shot(page, 'packages');
  // Escape cancels the confirmation and gives the focus back to "Roll back"
  await applied.getByTestId('deploy-rollback').click();
  await expect(page.getByTestId('deploy-rollback-text')).toContainText('部署包没有新增对象');
  await expect(page.getByTestId('deploy-rollback-text')).toContainText('删除的（1）对象将被恢复');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('deploy-rollback-text')).toHaveCount(0);
  await expect(applied.getByTestId('deploy-rollback')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('deploy-rollback-text')).toContainText('恢复');
  await shot(page, 'rollback-confirm');
  await page.getByTestId('deploy-rollback-confirm').click();
  const deployment = page.getByTestId('deploy-deployments').locator('tbody tr.ant-table-row', { hasText: APP.slug }).first();
  await expect(deployment).toContainText('已回滚', { timeout: 20_000 });
  expect(await fieldKeys(page)).toContain('note');
  const records = await apiJson<{ values: Record<string, unknown> }[]>(
    page,
    'GET',
    `/api/v1/applications/${APP.slug}/subjects/items/records`,
  );
  expect(records.map((r) => r.values.note)).toEqual(['部署前的备注']);
  await shot(page, 'rolled-back');
  // the tampered package's upload is answered 422 (said on the page)
  expect(unexpected(problems, [{ url: /\/api\/v1\/deploy\/packages$/, status: 422 }])).toEqual([]);
});
