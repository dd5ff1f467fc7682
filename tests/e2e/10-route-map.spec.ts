/**
 * Every path of docs/routes.txt (the specification's 139 routes) renders its page from its own `p__….async.js` chunk
 * under /admin/, with no console error, as an administrator of a real application; chunk
 * failures (docs/routes-and-loading.md "Chunk errors"), the route-data retry policy and the spinner (docs/routes-and-loading.md "Retry policy", "Loading spinner"), the version.
 */
import { readFileSync } from 'node:fs';
import { routes } from '../../config/routes';
import type { AppRoute } from '../../config/routes';
import { expect, test, trackConsole, unexpected, type ConsoleProblem } from './fixtures';
import { ADMIN, APP, AUTH_HEADERS } from './support';
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test';

/** Sample values for route params. */
const MISSING = '00000000-0000-4000-8000-000000000000';
const SAMPLE: Record<string, string> = {
  app: APP.slug,
  subject: 'no_such_subject',
  record: 'rec-1',
  // detail pages of the console's objects (users, groups, notices, variables, categories, clients, forms, views): an id that names nothing → their 404 in place
  user: MISSING,
  group: MISSING,
  notice: MISSING,
  variable: MISSING,
  category: MISSING,
  client: MISSING,
  dynamicForm: MISSING,
  view: MISSING,
  task: MISSING,
};
const fill = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE[name] ?? `sample-${name}`);

/** Umi's chunk name for a page component: './admin/rule/[rule]' → 'p__admin__rule__rule__index'. */
const chunkOf = (component: string) => `p__${component.replace(/^\.\//, '').replace(/[[\]]/g, '').split('/').join('__')}__index`;

function flatten(list: AppRoute[]): AppRoute[] {
  return list.flatMap((r) => [...(r.component && !r.routes ? [r] : []), ...flatten(r.routes ?? [])]);
}
const byPath = new Map(flatten(routes).map((r) => [r.path, r]));
const specPaths = readFileSync('docs/routes.txt', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean);

/** What each route shows once loaded, when it is not a ModulePending page. */
const MARKERS: Record<string, { testId?: string; url?: RegExp }> = {
  // a signed-in user's home: the last workspace once one has been opened in this session, else the console
  '/': { url: new RegExp(`/(admin|${APP.slug})$`) },
  '/login': { url: new RegExp(`/(admin|${APP.slug})$`) },
  '/init': { testId: 'init-closed' },
  '/403': { testId: 'exception-403' },
  '/404': { testId: 'exception-404' },
  '/500': { testId: 'exception-500' },
  '/admin': { testId: 'console-dashboard' },
  '/admin/audit': { testId: 'audit-log' },
  '/admin/recycle': { testId: 'recycle-bin' },
  '/admin/user': { testId: 'users-table' },
  '/admin/user/:user': { testId: 'exception-404' },
  '/admin/group': { testId: 'create-group' },
  '/admin/group/:group': { testId: 'exception-404' },
  '/admin/person': { testId: 'person-center' },
  '/admin/system': { testId: 'system-settings' },
  '/admin/variable': { testId: 'variable-table' },
  '/admin/variable/:variable': { testId: 'exception-404' },
  '/admin/tag': { testId: 'create-tag' },
  '/admin/category': { testId: 'create-root-category' },
  '/admin/record': { testId: 'records-app-select' },
  '/admin/record/:record': { testId: 'exception-404' },
  '/admin/category/:category': { testId: 'exception-404' },
  '/admin/notice': { testId: 'notice-table' },
  '/admin/notice/:notice': { testId: 'exception-404' },
  '/admin/subject': { testId: 'subjects-table' },
  '/admin/subject/:subject': { testId: 'exception-404' },
  '/admin/subject/:subject/edit': { testId: 'exception-404' },
  '/:app/noticeCenter': { testId: 'notice-center-list' },
  '/admin/application': { testId: 'applications-table' },
  '/admin/application/:app': { testId: 'application-detail' },
  '/admin/client': { testId: 'clients-table' },
  '/admin/client/:client': { testId: 'exception-404' },
  '/:app/settings': { testId: 'workspace-settings' },
  '/compare_record_field': { testId: 'compare-page' },
  '/admin/record-query': { testId: 'record-query-page' },
  '/admin/form': { testId: 'create-form' },
  '/admin/form/:dynamicForm': { testId: 'exception-404' },
  '/admin/import': { testId: 'import-history' },
  '/admin/task': { testId: 'tasks-table' },
  '/admin/task/:task': { testId: 'exception-404' },
  '/:app/import': { testId: 'import-history' },
  '/admin/view': { testId: 'views-table' },
  '/admin/view/:view': { testId: 'exception-404' },
  '/admin/subject/:subject/:view': { testId: 'exception-404' },
  '/:app/view/:view': { testId: 'exception-404' },
  '/grid_view': { testId: 'grid-view-no-view' },
  '/:app/share_grid_view': { testId: 'share-unavailable' },
  '/:app': { testId: 'workspace-title' },
  '/:app/:subject': { testId: 'exception-404' },
  '/:app/:subject/:record': { testId: 'exception-404' },
};

/** The administrator's session cookie, signed in once through the API. */
let sessionCookie: { name: string; value: string } | undefined;

async function signInAdmin(request: APIRequestContext, context: BrowserContext) {
  if (!sessionCookie) {
    const res = await request.post('/api/v1/auth/login', {
      headers: AUTH_HEADERS,
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.ok(), `admin login: ${res.status()}`).toBe(true);
    const cookie = (await request.storageState()).cookies.find((c) => c.name.endsWith('assay_session'));
    expect(cookie).toBeTruthy();
    sessionCookie = cookie && { name: cookie.name, value: cookie.value };
  }
  if (sessionCookie) await context.addCookies([{ ...sessionCookie, url: test.info().project.use.baseURL ?? '' }]);
}

test.describe('the whole map', () => {
  test.beforeEach(async ({ request, context }) => {
    await signInAdmin(request, context);
  });

  test('routes.txt and config/routes agree (139 paths)', () => {
    expect(specPaths).toHaveLength(139);
    expect(specPaths.filter((p) => !byPath.has(p))).toEqual([]);
  });

  test('the page can be zoomed: the viewport sets no user-scalable=no and no maximum-scale', async ({ page }) => {
    await page.goto('/login');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).toBe('width=device-width, initial-scale=1');
    await expect(page.locator('meta[name="viewport"]')).toHaveCount(1);
  });

  test('window.g_umi.version is 4.4.11', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('console-dashboard')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { g_umi?: { version?: string } }).g_umi?.version)).toBe('4.4.11');
  });

  test('the spinner is centred, 35 px, theme primary, one turn per 0.75 s (docs/routes-and-loading.md "Loading spinner")', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/admin\/p__admin__subject__index\.[0-9a-f]+\.async\.js$/, async (r) => {
      await held;
      await r.continue();
    });
    await page.goto('/admin/subject');
    const spinner = page.getByTestId('route-loading').locator('span');
    await expect(spinner).toBeVisible();
    // read again until it holds: a re-render may replace the span between Playwright finding it
    // and reading its style (a detached node's computed style is empty: seen once in CI under load)
    await expect(async () => {
      const style = await spinner.evaluate((el) => {
        const cs = getComputedStyle(el);
        const anim = el.getAnimations()[0];
        return {
          width: cs.width,
          height: cs.height,
          color: cs.borderTopColor,
          duration: cs.animationDuration,
          timing: anim ? Number(anim.effect?.getComputedTiming().duration) : -1,
          iterations: cs.animationIterationCount,
        };
      });
      expect(style).toEqual({
        width: '35px',
        height: '35px',
        color: 'rgb(22, 119, 255)',
        duration: '0.75s',
        timing: 750,
        iterations: 'infinite',
      });
      // centred in its wrapper: read in the same retry, as the layout around it may still settle
      const box = await spinner.boundingBox();
      const wrap = await page.getByTestId('route-loading').boundingBox();
      expect(box && wrap).toBeTruthy();
      if (box && wrap) {
        expect(Math.abs(box.x + box.width / 2 - (wrap.x + wrap.width / 2))).toBeLessThan(2);
        expect(Math.abs(box.y + box.height / 2 - (wrap.y + wrap.height / 2))).toBeLessThan(2);
      }
    }).toPass({ timeout: 15_000 });
    release();
    await expect(page.getByTestId('subjects-table')).toBeVisible({ timeout: 20_000 });
  });

  test('a blocked script chunk shows the chunk error, and Retry recovers', async ({ page, problems }) => {
    const pattern = /\/admin\/p__admin__audit__index\.[0-9a-f]+\.async\.js$/;
    await page.route(pattern, (r) => r.abort());
    await page.goto('/admin/audit');
    const result = page.getByTestId('chunk-error');
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('data-kind', 'script');
    await expect(result).toContainText(/Loading chunk \S+ failed/);
    await page.unroute(pattern);
    await result.getByRole('button', { name: /重\s*试|Retry/ }).click();
    await expect(page.getByTestId('audit-log')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    expect(problems.filter((p) => p.kind === 'pageerror')).toEqual([]);
  });
});

test.describe('a stylesheet chunk', () => {
  test('blocked, shows the chunk error (CSS_CHUNK_LOAD_FAILED) and Retry recovers', async ({ page }) => {
    const pattern = /\/admin\/p__login__index\.[0-9a-f]+\.chunk\.css$/;
    await page.route(pattern, (r) => r.abort());
    await page.goto('/login');
    const result = page.getByTestId('chunk-error');
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('data-kind', 'stylesheet');
    await expect(result).toContainText(/Loading CSS chunk \S+ failed/);
    await page.unroute(pattern);
    await result.getByRole('button', { name: /重\s*试|Retry/ }).click();
    await expect(page.getByRole('button', { name: /登\s*录|Sign in/ })).toBeVisible();
  });
});

test.describe('route data', () => {
  test.beforeEach(async ({ request, context }) => {
    await signInAdmin(request, context);
  });

  test('a failing server loader is retried 3 times, 1000/2000/4000 ms apart, then Retry works (docs/routes-and-loading.md "Retry policy")', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const times: number[] = [];
    await page.route('**/__serverLoader?**', async (r) => {
      times.push(Date.now());
      await r.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"errorCode":"INTERNAL","errorMessage":"down","showType":2}',
      });
    });
    await page.goto('/admin');
    await expect(page.getByTestId('route-data-error')).toBeVisible({ timeout: 20_000 });
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    [1000, 2000, 4000].forEach((want, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(want - 50);
      expect(gaps[i]).toBeLessThan(want + 600);
    });
    await page.unroute('**/__serverLoader?**');
    await page
      .getByTestId('route-data-error')
      .getByRole('button', { name: /重\s*试|Retry/ })
      .click();
    await expect(page.getByTestId('console-dashboard')).toBeVisible();
  });
});

/**
 * Every path of routes.txt, one test each, on one page of one browser context shared by the tests
 * (signed in once). The page is loaded once; each test then moves to its path the way a link in
 * the app does (a history entry and a popstate, which Umi's router follows), so each test costs its
 * own route's chunk and data, not a whole page load (a page load per path was ~2.5 s each under CI
 * load, 6 of the browser suite's minutes). That the server answers every path itself with the app
 * (a deep link, a reload) is checked for all paths at once by the first test.
 */
test.describe('every path renders', () => {
  let shared: { context: BrowserContext; page: Page; problems: ConsoleProblem[] } | undefined;
  /** Every script chunk the shared page fetched from /admin/ (a chunk is fetched once, by the first path that needs it). */
  const chunksFetched = new Set<string>();

  test.beforeAll(async ({ browser }, info) => {
    const { baseURL, locale } = info.project.use;
    const context = await browser.newContext({ baseURL, locale });
    const res = await context.request.post('/api/v1/auth/login', {
      headers: AUTH_HEADERS,
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.ok(), `admin login: ${res.status()}`).toBe(true);
    const page = await context.newPage();
    page.on('response', (res: Response) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/admin/') && url.pathname.endsWith('.async.js') && res.ok()) chunksFetched.add(url.pathname);
    });
    shared = { context, page, problems: trackConsole(page) };
  });

  test.afterAll(async () => {
    await shared?.context.close();
  });

  test('the server answers each of the 139 paths with the app (deep links and reloads)', async () => {
    if (!shared) throw new Error('the shared page did not open');
    const { context } = shared;
    const wrong: string[] = [];
    for (const path of specPaths) {
      const res = await context.request.get(fill(path), { headers: { accept: 'text/html' }, maxRedirects: 0 });
      const body = res.ok() ? await res.text() : '';
      if (!res.ok() || !/text\/html/.test(res.headers()['content-type'] ?? '') || !body.includes('id="root"')) {
        wrong.push(`${path}: ${res.status()} ${res.headers()['content-type'] ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  for (const path of specPaths) {
    test(`renders ${path}`, async () => {
      if (!shared) throw new Error('the shared page did not open');
      const { page, problems } = shared;
      const route = byPath.get(path);
      expect(route?.component, `route ${path} has a page component`).toBeTruthy();
      const chunk = chunkOf(route?.component ?? '');
      const fetchedChunk = () => [...chunksFetched].some((f) => f.startsWith(`/admin/${chunk}.`));
      problems.length = 0;
      // the first path loads the page; the others follow the app's own navigation
      const marker = MARKERS[path];
      const testId = marker?.testId ?? 'module-pending';
      if (page.url() === 'about:blank') await page.goto(fill(path));
      else {
        // the previous path may show the same marker: it is renamed first, so only the new page's counts
        await page.evaluate(
          ({ to, id }) => {
            document.querySelectorAll(`[data-testid="${id}"]`).forEach((el) => el.setAttribute('data-testid', `${id}-before`));
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          },
          { to: fill(path), id: testId },
        );
      }
      if (marker?.url) await expect(page).toHaveURL(marker.url);
      else await expect(page.getByTestId(testId)).toBeVisible();
      // its own chunk, fetched now or by an earlier path of the same page component
      if (!marker?.url) await expect.poll(fetchedChunk, { message: `${chunk} fetched from /admin/` }).toBe(true);
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      await expect(page.getByTestId('chunk-error')).toHaveCount(0);
      // <html lang> names the page's language (the browser tests run in zh-CN)
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      expect(
        unexpected(problems, [
          { url: '/api/v1/applications/audit-2026/subjects/', status: 404 },
          {
            url: new RegExp(`/api/v1/(users|groups|notices|variables|categories|clients|forms|views|tasks)/${MISSING}`),
            status: 404,
          },
          // the admin subject pages take an id: a non-uuid sample is a 400, shown as the 404 result
          { url: '/api/v1/subjects/no_such_subject', status: 400 },
        ]),
      ).toEqual([]);
    });
  }
});
