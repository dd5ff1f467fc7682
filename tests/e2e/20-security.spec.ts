/**
 * Security in the browser (server/README.md "Requests and sessions"), after 00-walking-skeleton (which created the administrator and the
 * workspace `audit-2026`): the pages carry a strict Content-Security-Policy with a fresh nonce per
 * load; the app renders under it — antd's `<style>` tags carry the nonce — with no violation seen
 * by the page nor reported to the server; injected markup is blocked and reported;
 * the session cookie is HttpOnly and SameSite=Lax; a mutation without the app's header is refused.
 */
import type { Page } from '@playwright/test';
import { expect, test, unexpected } from './fixtures';

const ADMIN = { email: 'admin@example.com', password: 'Assay-admin-2026' };
const APP_SLUG = 'audit-2026';

test.describe.configure({ mode: 'serial' });

declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: number;
  }
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/邮箱|E-mail/).fill(ADMIN.email);
  await page.getByLabel(/^(密码|Password)$/).fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Records every `securitypolicyviolation` event of every document the page loads. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

/** Violations received by the server so far (GET /api/v1/csp-report, administrators). */
async function reportedCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/csp-report');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

test('every page load gets a strict CSP with its own nonce, templated into index.html', async ({ page, problems }) => {
  const first = await page.goto('/login');
  const second = await page.request.get('/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain('report-uri /api/v1/csp-report');
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  await expect(page.locator('meta[name="csp-nonce"]')).toHaveAttribute('content', nonce ?? '');
  const other = /'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1];
  expect(other).toBeTruthy();
  expect(other).not.toBe(nonce);
  expect(first?.headers()['x-frame-options']).toBe('DENY');
  expect(first?.headers()['x-content-type-options']).toBe('nosniff');
  expect(first?.headers()['strict-transport-security']).toBeUndefined();
  expect(unexpected(problems)).toEqual([]);
});

test('the app renders under the CSP: antd styles carry the nonce, no violation is seen or reported', async ({ page, problems }) => {
  await recordViolations(page);
  await signIn(page);
  const before = await reportedCount(page);
  // the console, a dialog (more cssinjs styles), a workspace, a menu, another language
  await expect(page.getByText('控制台首页').first()).toBeVisible();
  await page.getByTestId('create-app').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/${APP_SLUG}`);
  await expect(page.getByTestId('workspace-title')).toBeVisible();
  await page.getByTestId('user-menu').hover();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await page.goto('/admin/user');
  await page.waitForLoadState('networkidle');

  // antd's cssinjs wrote its styles, each with this page's nonce (the nonce attribute reads empty: Chromium hides it)
  const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  const styles = await page.$$eval('style', (els) => els.map((el) => (el as HTMLStyleElement).nonce));
  expect(styles.length).toBeGreaterThan(0);
  expect(styles.every((n) => n === nonce)).toBe(true);
  // antd's styles applied: a primary button is coloured, not the browser's grey
  await page.goto('/admin');
  const background = await page.getByTestId('create-app').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  expect(background).not.toBe('rgb(239, 239, 239)');

  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  // reports travel asynchronously: give them time to arrive, then none may have
  await page.waitForTimeout(1000);
  expect(await reportedCount(page)).toBe(before);
  expect(unexpected(problems)).toEqual([]);
});

test('injected markup is blocked and reported to the server', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page);
  const before = await reportedCount(page);
  // what an HTML injection could bring: an inline script, a <style>, an inline event handler
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = 1';
    document.head.appendChild(script);
    document.body.insertAdjacentHTML('beforeend', '<style>body { background: rgb(255, 0, 0) }</style>');
    document.body.insertAdjacentHTML('beforeend', '<img src="/admin/no-such-image.png" onerror="window.__injected = 2">');
  });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
  await expect.poll(() => reportedCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 3);
  const recent = ((await (await page.request.get('/api/v1/csp-report')).json()) as { data: { recent: { violatedDirective: string }[] } }).data.recent;
  const directives = recent.slice(-3).map((r) => r.violatedDirective.split(' ')[0]).sort();
  expect(directives).toEqual(['script-src-attr', 'script-src-elem', 'style-src-elem']);
  await context.close();
});

test('the session cookie is HttpOnly and SameSite=Lax; a mutation without the app header is refused', async ({ page, context, problems }) => {
  await signIn(page);
  const session = (await context.cookies()).find((c) => c.name === 'assay_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(session?.secure).toBe(false); // plain http here; over https it is __Host-assay_session with Secure
  expect(await page.evaluate(() => document.cookie)).not.toContain('assay_session');

  const statuses = await page.evaluate(async () => {
    const bare = await fetch('/api/v1/auth/me/preferences', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    const form = await fetch('/api/v1/auth/logout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    const me = await fetch('/api/v1/auth/me');
    return [bare.status, form.status, ((await me.json()) as { data: { email: string } | null }).data?.email];
  });
  expect(statuses).toEqual([403, 403, ADMIN.email]);
  expect(
    unexpected(problems, [
      { url: '/api/v1/auth/me/preferences', status: 403 },
      { url: '/api/v1/auth/logout', status: 403 },
    ]),
  ).toEqual([]);
});
