/**
 * A record created, edited and deleted with the keyboard only (docs/accessibility.md "Keyboard"), after
 * 00-walking-skeleton (administrator, application audit-2026): no mouse click from the workspace's home on, only
 * Tab, Shift+Tab, the arrow keys, Enter and Escape. The spec makes its own subject through the API. On the way: the
 * side menu is walked with the arrow keys to the subject; the create drawer and the delete confirmation keep the
 * focus inside while open (Tab and Shift+Tab around them) and give it back to the button that opened them when they
 * close; a grid row's link is reached with Tab.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';
import { signIn } from './actions';
import { APP, AUTH_HEADERS } from './support';

const SUBJECT = { key: 'keyboard_items', name: '键盘事项' };
const API = `/api/v1/applications/${APP.slug}/subjects/${SUBJECT.key}`;
const GRID = `/${APP.slug}/${SUBJECT.key}`;
/** Most key presses one step may take to reach its target (the header, the menu and the toolbar come first). */
const MAX_PRESSES = 80;

/** Whether the focused element is `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** The focused element's start tag, for messages. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');

/** Presses `key` (Tab by default) until `target` holds the focus; fails after MAX_PRESSES. Returns the presses taken. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab'): Promise<number> {
  for (let presses = 0; presses <= MAX_PRESSES; presses++) {
    if (await holdsFocus(target)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} did not reach ${target.toString()} in ${MAX_PRESSES} presses`);
}

/** Presses Tab and then Shift+Tab `times` times each and checks that the focus never leaves `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, times: number): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      expect(await holdsFocus(dialog), `${key} #${i + 1} keeps the focus in the dialog, not on ${await focused(page)}`).toBe(
        true,
      );
    }
  }
}

test('a record created, edited and deleted with the keyboard only; dialogs keep and give back the focus', async ({
  page,
  problems,
}) => {
  await signIn(page);
  if ((await page.request.get(API)).status() === 404) {
    const made = await page.request.post(`/api/v1/applications/${APP.slug}/subjects`, {
      headers: AUTH_HEADERS,
      data: {
        ...SUBJECT,
        displayField: 'title',
        fields: [
          { key: 'title', name: '标题', type: 'text', required: true },
          { key: 'quantity', name: '数量', type: 'number', options: { precision: 0 } },
        ],
      },
    });
    expect(made.ok(), `subject: ${made.status()} ${await made.text()}`).toBe(true);
  }
  await page.goto(`/${APP.slug}`);
  await expect(page.getByTestId('workspace-title')).toBeVisible();

  // the side menu: Tab into it, then the arrow keys to the subject, Enter opens its grid
  const menuItem = page.getByRole('menuitem', { name: SUBJECT.name });
  await expect(menuItem).toBeVisible();
  for (let presses = 0; !(await holdsFocus(menuItem)); presses++) {
    expect(presses, 'Tab and the arrow keys reach the subject in the menu').toBeLessThan(MAX_PRESSES);
    const inMenu = await page.evaluate(() => !!document.activeElement?.closest('[role=menu]'));
    await page.keyboard.press(inMenu ? 'ArrowDown' : 'Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${GRID}$`));
  const grid = page.getByTestId('records-grid');
  await expect(grid).toBeVisible();

  // create: the drawer takes the focus and keeps it; the fields are filled and saved from the keyboard
  const create = page.getByTestId('create-record');
  await pressUntilFocused(page, create);
  await page.keyboard.press('Enter');
  // the drawer's root (rc-drawer focuses it on opening; its mask and panel are inside)
  const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('create-record-form') });
  await expect(drawer).toBeVisible();
  await expect.poll(() => holdsFocus(drawer), { message: 'the drawer takes the focus' }).toBe(true);
  await expectFocusTrapped(page, drawer, 12);
  await pressUntilFocused(page, drawer.getByLabel('标题', { exact: true }));
  await page.keyboard.type('键盘新建的记录');
  await pressUntilFocused(page, drawer.getByLabel('数量', { exact: true }));
  await page.keyboard.type('7');
  await pressUntilFocused(page, drawer.getByRole('button', { name: /保\s*存/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('记录已创建')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect.poll(() => holdsFocus(create), { message: 'the focus is back on "新建记录"' }).toBe(true);

  // edit: the new row's link is reached with Tab, the record opens, its values are edited and saved
  const link = grid.locator('tbody tr.ant-table-row').getByTestId('record-link').filter({ hasText: '键盘新建的记录' });
  await expect(link).toBeVisible();
  await pressUntilFocused(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('record-title')).toHaveText('键盘新建的记录');
  await pressUntilFocused(page, page.getByTestId('record-edit'));
  await page.keyboard.press('Enter');
  const form = page.getByTestId('record-edit-form');
  await expect(form).toBeVisible();
  await pressUntilFocused(page, form.getByLabel('数量', { exact: true }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('8');
  await pressUntilFocused(page, page.getByTestId('record-save'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('已保存为版本 2')).toBeVisible();
  await expect(page.getByTestId('record-value-quantity')).toHaveText('8');

  // delete: the confirmation keeps the focus; Escape closes it and gives the focus back; Enter then confirms
  const remove = page.getByTestId('record-delete');
  await pressUntilFocused(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ hasText: '删除这条记录？' });
  await expect(confirm).toBeVisible();
  await expect.poll(() => holdsFocus(confirm), { message: 'the confirmation takes the focus' }).toBe(true);
  await expectFocusTrapped(page, confirm, 4);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect.poll(() => holdsFocus(remove), { message: 'the focus is back on "删除"' }).toBe(true);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await pressUntilFocused(page, confirm.getByTestId('record-delete-confirm'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('记录已移入回收站')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${GRID}$`));
  await expect(grid.getByTestId('record-link').filter({ hasText: '键盘新建的记录' })).toHaveCount(0);
  expect(unexpected(problems)).toEqual([]);
});
