/**
 * Rules and rule sets in the browser as the administrator, after 00-walking-skeleton (application
 * audit-2026). The spec makes its own subject and a record through the API, then: creates a range
 * rule on the subject in /admin/rule/new, first with a maximum that is not a number (the server's 400
 * shows under the maximum and the form keeps what was typed), then fixed; tests it on the record
 * (it fails, with its message in both languages); finds it in the list; makes a rule set with it in
 * /admin/ruleSet/new, publishes it with a note and opens version 1's frozen rules; an edit of the
 * set then shows "draft has changes". Screenshots: /tmp/rapi-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, pickIn, signIn } from './actions';
import { APP } from './support';

const SUBJECT = { key: 'rule_items', name: '规则事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/rapi-${name}.png`, fullPage: true });

test('rules: a rule with a bad definition then a good one, tested on a record; a rule set published', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  if ((await page.request.get(API)).status() === 404) {
    await apiJson(page, 'POST', `/api/v1/applications/${APP.slug}/subjects`, {
      ...SUBJECT,
      displayField: 'title',
      fields: [
        { key: 'title', name: '标题', type: 'text', required: true },
        { key: 'amount', name: '金额', type: 'number' },
      ],
    });
  }
  const stamp = Date.now();
  await apiJson<{ record: { id: string } }>(page, 'POST', `${API}/records`, { values: { title: `事项 ${stamp}`, amount: 500 } });

  // the list, empty or not, then a new rule
  await page.goto('/admin/rule');
  await expect(page.getByTestId('rules-table')).toBeVisible();
  await page.getByTestId('rule-new').click();
  await expect(page).toHaveURL(/\/admin\/rule\/new$/);
  const name = `金额上限 ${stamp}`;
  await page.getByTestId('rule-name').fill(name);
  await pickIn(page, 'rule-app', `(${APP.slug})`);
  await pickIn(page, 'rule-subject', `(${SUBJECT.key})`);
  await pickIn(page, 'rule-kind', /^范围$/);
  await pickIn(page, 'rule-def-field', '(amount)');
  await page.getByTestId('rule-def-min').fill('0');
  await page.getByTestId('rule-def-max').fill('一百');
  await page.getByTestId('rule-message-zh').fill('{field} 超出范围 {limit}：{value}');
  await page.getByTestId('rule-message-en').fill('{field} is outside {limit}: {value}');
  await page.getByTestId('rule-save').click();
  // the server's 400 names definition.max: shown under the maximum, the form keeps what was typed
  const maxItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('rule-def-max') });
  await expect(maxItem.locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(maxItem.locator('.ant-form-item-explain-error')).toContainText('not a number');
  await expect(page).toHaveURL(/\/admin\/rule\/new$/);
  await expect(page.getByTestId('rule-name')).toHaveValue(name);
  await expect(page.getByTestId('rule-message-en')).toHaveValue('{field} is outside {limit}: {value}');
  await shot(page, 'rule-400');
  await page.getByTestId('rule-def-max').fill('100');
  await page.getByTestId('rule-save').click();
  await expect(page).toHaveURL(/\/admin\/rule\/[0-9a-f-]{36}$/);

  // test on the record: it fails, with the message in both languages
  // the record picked by its title, searched among the subject's records
  await pickIn(page, 'rule-test-record', `事项 ${stamp}`);
  await page.getByTestId('rule-test-run').click();
  const verdict = page.getByTestId('rule-test-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'fails');
  await expect(verdict).toContainText('金额 超出范围 0–100：500');
  await expect(verdict).toContainText('金额 is outside 0–100: 500');
  // and on pasted values: it passes
  await page.getByTestId('rule-test-mode-values').click();
  await page.getByTestId('rule-test-values').fill('{"amount": 50}');
  await page.getByTestId('rule-test-run').click();
  await expect(verdict).toHaveAttribute('data-verdict', 'passes');
  await shot(page, 'rule-editor');

  await page.goto('/admin/rule');
  await expect(page.getByTestId('rule-link').filter({ hasText: name })).toBeVisible();
  await shot(page, 'rules');

  // a rule set with the rule, published
  await page.goto('/admin/ruleSet');
  await expect(page.getByTestId('rule-sets-table')).toBeVisible();
  await page.getByTestId('rule-set-new').click();
  await expect(page).toHaveURL(/\/admin\/ruleSet\/new$/);
  const setName = `核心规则 ${stamp}`;
  await page.getByTestId('rule-set-name').fill(setName);
  await pickIn(page, 'rule-set-app', `(${APP.slug})`);
  const transfer = page.getByTestId('rule-set-rules');
  await transfer
    .locator('.ant-transfer-list')
    .first()
    .locator('.ant-transfer-list-content-item')
    .filter({ hasText: name })
    .click();
  await transfer.locator('.ant-transfer-operation button').first().click();
  await expect(transfer.locator('.ant-transfer-list').nth(1)).toContainText(name);
  await page.getByTestId('rule-set-save').click();
  await expect(page).toHaveURL(/\/admin\/ruleSet\/[0-9a-f-]{36}$/);
  await page.getByTestId('rule-set-publish').click();
  await page.getByTestId('rule-set-publish-note').fill('首个版本');
  await page.getByTestId('rule-set-publish-ok').click();
  await expect(page.getByTestId('rule-set-version-1')).toBeVisible();
  await page.getByTestId('rule-set-version-1').click();
  await expect(page.locator('.ant-drawer')).toContainText(name);
  await shot(page, 'rule-set-version');
  await page.locator('.ant-drawer .ant-drawer-close').click();

  // an edit of the published set: the draft has changes
  await page.getByTestId('rule-set-name').fill(`${setName} 改`);
  await page.getByTestId('rule-set-save').click();
  await expect(page.getByTestId('rule-set-draft-changed')).toBeVisible();
  await shot(page, 'rule-set');
  await page.goto('/admin/ruleSet');
  await expect(page.getByTestId('rule-set-link').filter({ hasText: `${setName} 改` })).toBeVisible();
  await shot(page, 'rule-sets');
});
