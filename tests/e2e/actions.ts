/**
 * Shared browser steps of the e2e specs: signing in (through the API, or through the login page), opening an antd Select,
 * switching the UI language. Each retries only the one click that antd's animations can swallow.
 */
import type { Locator, Page, Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect } from './fixtures';
import { ADMIN, AUTH_HEADERS } from './support';

/**
 * Signs in as `who` (the first administrator by default) through the API, the way the login page
 * does (`POST /api/v1/auth/login`); the browser context then holds the session cookie and the page
 * is left where it was (the caller opens the screen its journey is about). The login page itself
 * is driven by signInThroughPage in the specs about signing in. Errors: the test fails on a
 * refused sign-in.
 */
export async function signIn(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  const res = await page.request.post('/api/v1/auth/login', { headers: AUTH_HEADERS, data: { email: who.email, password: who.password } });
  expect(res.ok(), `sign in as ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
  await keepSuiteLanguage(page);
}

/** Signs in through /login as `who` (the first administrator by default); done once the page has left /login (a navigation before that would cancel the request). */
export async function signInThroughPage(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/邮箱|E-mail/).fill(who.email);
  await page.getByLabel(/^(密码|Password)$/).fill(who.password);
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  if (await keepSuiteLanguage(page)) await page.reload();
}

/**
 * The suite speaks zh-CN: a user's saved language survives sign-in, so one an earlier spec left in
 * English is set back. Returns whether it had to (an open page must then be reloaded).
 */
async function keepSuiteLanguage(page: Page): Promise<boolean> {
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as { data?: { locale?: string } | null };
  if (!me.data?.locale || me.data.locale === 'zh-CN') return false;
  expect((await page.request.patch('/api/v1/auth/me/preferences', { headers: AUTH_HEADERS, data: { locale: 'zh-CN' } })).ok()).toBe(true);
  return true;
}

/**
 * Opens the antd Select `field` (its combobox input, or an element holding it) and returns its
 * dropdown. Clicks once the select stands still, again while an animation swallows the click, and
 * waits until that dropdown is the only one showing: the dropdown of the select used just before may still
 * be fading out, and an option looked up in it would be gone before it could be clicked (15 s at most).
 */
export async function openSelect(page: Page, field: Locator): Promise<Locator> {
  const id = await field.evaluate((el) => (el.matches('[role=combobox]') ? el : el.querySelector('[role=combobox]'))?.id ?? '');
  expect(id, 'the select has a combobox input with an id').not.toBe('');
  const combobox = page.locator(`[id="${id}"]`);
  const select = page.locator('.ant-select').filter({ has: combobox });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') {
      // wait until the select is visible, still and on top (a trial click clicks nothing): a click
      // during a modal's zoom-in animation can land on the mask and close the modal
      await select.click({ trial: true, timeout: 3000 });
      // the input itself, forced: the selected item covers it
      await field.click({ force: true });
    }
    await expect(combobox).toHaveAttribute('aria-expanded', 'true', { timeout: 1500 });
    await expect(dropdown).toHaveCount(1, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  return dropdown;
}

/**
 * Clicks `option` of the open select's dropdown until the dropdown closes (a click that lands while
 * the virtual list still scrolls to the active option is lost); fails unless it clicked at least once.
 */
export async function chooseOption(page: Page, option: Locator): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  let clicked = false;
  await expect(async () => {
    if ((await dropdown.count()) > 0) {
      await option.click({ timeout: 2000 });
      clicked = true;
    }
    expect(clicked, 'the option was clicked').toBe(true);
    await expect(dropdown).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}

const LANGUAGE_LABELS = { 'zh-CN': '简体中文', 'en-US': 'English' } as const;

/**
 * Switches the UI language with the header's language switch (src/components/LanguageSwitch.tsx),
 * retrying a click lost to the dropdown's animation, then waits until the server has saved the
 * choice: on load src/app.tsx applies the signed-in user's saved language, so navigating before
 * the save lands would bring the old one back.
 */
export async function switchLanguage(page: Page, to: keyof typeof LANGUAGE_LABELS): Promise<void> {
  const label = LANGUAGE_LABELS[to];
  const button = page.getByTestId('language-switch');
  await expect(async () => {
    if (!((await button.textContent()) ?? '').includes(label)) {
      await button.click();
      await page.getByRole('menuitem', { name: label }).click({ timeout: 2_000 });
    }
    await expect(button).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/auth/me');
        const body = (await res.json().catch(() => null)) as { data?: { locale?: string } | null } | null;
        return body?.data ? body.data.locale : to; // signed out: nothing to save
      },
      { timeout: 10_000 },
    )
    .toBe(to);
}

/**
 * Checks a checkbox, clicking again when a click was swallowed: under load, antd can re-render a
 * checkbox group (a popover of the same form closing) between Playwright's click and its check of
 * the new state, which then fails with "Clicking the checkbox did not change its state".
 */
export async function checkBox(box: Locator): Promise<void> {
  await expect(async () => {
    await box.check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Drags `source` onto `target` until the page saves the move (a PATCH of a record answers) and
 * returns that response. First a native drag with the mouse (Playwright's `dragTo`), after the
 * source has stood still under the pointer for 250 ms. When no PATCH answers within 5 s, the same
 * HTML5 drag is dispatched as events (dragstart on the source, dragenter/dragover/drop on the
 * target, dragend, sharing one DataTransfer), so the page's own handlers still do the move.
 * Why: Playwright decides whether a native drag started by a `setTimeout(0)` after the first
 * mousemove; a mousemove Chromium synthesises when the layout changes under the pointer (a popover
 * settling) uses that up, the real dragstart comes after it, and the drag is never delivered
 * (measured: 4 of 15 drags from the calendar's "+N more" list, each logging a dragstart and no
 * drop; after the 250 ms of stillness, 15 of 15 native drags were delivered and the fallback was not
 * needed). A drag that did start is not repeated.
 */
export async function dragUntilSaved(page: Page, source: Locator, target: Locator): Promise<Response> {
  const patched = () => page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/records/'), { timeout: 5_000 });
  await source.hover();
  await page.waitForTimeout(250);
  const native = patched();
  await source.dragTo(target);
  const saved = await native.catch(() => null);
  if (saved) return saved;
  const dispatched = patched();
  const data = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer: data });
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: data });
  await source.dispatchEvent('dragend', { dataTransfer: data });
  return dispatched;
}

/**
 * Calls the API as the signed-in browser context (its cookie, the CSRF header) and answers the
 * envelope's `data`. Errors: the test fails, naming the method, URL, status and body, when the
 * answer is not 2xx.
 */
export async function apiJson<T>(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: AUTH_HEADERS, data: data === undefined ? undefined : JSON.stringify(data) });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Opens the select with test id `testId` and chooses its first option whose label matches `text`. */
export async function pickIn(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await openSelect(page, page.getByTestId(testId));
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  // a long list is virtual: an option below the first screenful is not rendered until searched for
  // (the searchable selects filter on the typed text; the others ignore it)
  if (typeof text === 'string' && (await option.count()) === 0) await page.keyboard.type(text);
  await chooseOption(page, option);
}

/** The date `days` from today as antd's DatePicker writes it (YYYY-MM-DD, the browser's local day). */
export function isoDateIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Types `date` (YYYY-MM-DD) into the antd DatePicker `picker` (its input, or an element holding it)
 * and confirms it with Enter: steadier than clicking through the calendar's months, whose cell click
 * can land while the panel changes. Errors: the test fails when the input does not show the date.
 */
export async function typeDate(page: Page, picker: Locator, date: string): Promise<void> {
  const input = (await picker.evaluate((e) => e.tagName)) === 'INPUT' ? picker : picker.locator('input');
  await input.click();
  await input.fill(date);
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(date);
}

/** axe-core's script, read when a spec first checks a page. */
let axeSource: string | undefined;

/** axe-core's serious and critical WCAG 2.0/2.1 A and AA violations on the page (docs/accessibility.md "Checked by axe"), as `rule: target`. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')));
  return page.evaluate(async () => {
    type Axe = {
      run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.map(String).join(' ')}`));
  });
}
