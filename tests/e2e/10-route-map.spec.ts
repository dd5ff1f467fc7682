/**
 * Every path of docs/routes.txt (the specification's 139 routes) renders its page from its own `p__….async.js` chunk
 * under /admin/, with no console error, as an administrator of a real application with a subject and a record (made
 * through the API, so the workspace's grid and record pages show real content), and passes axe-core (WCAG 2.0/2.1 A
 * and AA: no serious or critical violation, docs/accessibility.md), as do the signed-out pages; chunk
 * failures (docs/routes-and-loading.md "Chunk errors"), the route-data retry policy and the spinner (docs/routes-and-loading.md "Retry policy", "Loading spinner"), the version.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { routes } from '../../config/routes';
import { PRIMARY_COLOR } from '../../config/theme';
import type { AppRoute } from '../../config/routes';
import { expect, test, trackConsole, unexpected, type ConsoleProblem } from './fixtures';
import { ADMIN, APP, AUTH_HEADERS } from './support';
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test';

/** Sample values for route params; `subject`, `subjectId` and `record` are filled in by the walk's setup. */
const MISSING = '00000000-0000-4000-8000-000000000000';
/** The subject the walk makes in the application (one record), so that its grid and record pages show real content. */
const MAP_SUBJECT = { key: 'route_map_items', name: '路由巡检事项' };
const SAMPLE: Record<string, string> = {
  app: APP.slug,
  subject: MAP_SUBJECT.key,
  subjectId: MISSING,
  record: MISSING,
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
  trigger: MISSING,
  action: MISSING,
  rule: MISSING,
  ruleSet: MISSING,
};
/** A path with its params filled from SAMPLE; the console's subject pages take the subject's id, the workspace its key. */
const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'subject' && path.startsWith('/admin/subject/') ? SAMPLE.subjectId : (SAMPLE[name] ?? `sample-${name}`),
  );

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
  '/admin/record/:record': { testId: 'record-title' },
  '/admin/category/:category': { testId: 'exception-404' },
  '/admin/notice': { testId: 'notice-table' },
  '/admin/notice/:notice': { testId: 'exception-404' },
  '/admin/subject': { testId: 'subjects-table' },
  '/admin/subject/:subject': { testId: 'subject-fields' },
  '/admin/subject/:subject/edit': { testId: 'schema-editor' },
  '/:app/noticeCenter': { testId: 'notice-center-list' },
  '/admin/application': { testId: 'applications-table' },
  '/admin/application/:app': { testId: 'application-detail' },
  '/admin/client': { testId: 'clients-table' },
  '/admin/client/:client': { testId: 'exception-404' },
  '/:app/settings': { testId: 'workspace-settings' },
  '/compare_record_field': { testId: 'compare-page' },
  '/admin/record-query': { testId: 'record-query-page' },
  '/admin/query': { testId: 'qb-pick-app' },
  '/:app/query': { testId: 'query-builder-page' },
  '/admin/form': { testId: 'create-form' },
  '/admin/form/:dynamicForm': { testId: 'exception-404' },
  '/admin/import': { testId: 'import-history' },
  '/admin/connector': { testId: 'connectors-table' },
  '/admin/deploy': { testId: 'deploy-key' },
  '/admin/task': { testId: 'tasks-table' },
  '/admin/task/:task': { testId: 'exception-404' },
  '/admin/trigger': { testId: 'triggers-table' },
  '/admin/trigger/:trigger': { testId: 'exception-404' },
  '/admin/action': { testId: 'actions-table' },
  '/admin/action/:action': { testId: 'exception-404' },
  '/admin/rule': { testId: 'rules-table' },
  '/admin/rule/:rule': { testId: 'exception-404' },
  '/admin/ruleSet': { testId: 'rule-sets-table' },
  '/admin/ruleSet/:ruleSet': { testId: 'exception-404' },
  '/:app/import': { testId: 'import-history' },
  '/:app/data_validation_rule': { testId: 'data-quality' },
  '/:app/files': { testId: 'documents-table' },
  '/:app/audit_process': { testId: 'audit-process' },
  // the audit pages' roots show in either state (module enabled or the "not enabled" notice)
  '/:app/audit_project_table': { testId: 'audit-project-table-page' },
  '/:app/audit_project': { testId: 'audit-project-page' },
  '/:app/data_analytics': { testId: 'data-analytics-page' },
  '/:app/data_analytics/:record': { testId: 'exception-404' },
  '/admin/query/analytics': { testId: 'admin-dashboards-page' },
  '/admin/document': { testId: 'documents-table' },
  '/admin/document/:document': { testId: 'exception-404' },
  '/admin/template': { testId: 'templates-table' },
  '/admin/template/:template': { testId: 'exception-404' },
  '/:app/report_template/create': { testId: 'template-create-form' },
  '/:app/report_template/:templateId': { testId: 'exception-404' },
  '/:app/process_monitor': { testId: 'process-monitor' },
  // the walk's ids are not uuids: 404 without asking the server
  '/:app/process_monitor/:processId': { testId: 'exception-404' },
  '/:app/process_monitor/:processId/:application': { testId: 'exception-404' },
  '/:app/audit_report': { testId: 'audit-reports' },
  // no ?app=&id=: 404 without asking the server
  '/audit_report': { testId: 'exception-404' },
  '/admin/view': { testId: 'views-table' },
  '/admin/view/:view': { testId: 'exception-404' },
  '/admin/subject/:subject/:view': { testId: 'exception-404' },
  '/:app/view/:view': { testId: 'exception-404' },
  '/grid_view': { testId: 'grid-view-no-view' },
  '/:app/share_grid_view': { testId: 'share-unavailable' },
  '/:app': { testId: 'workspace-title' },
  '/:app/:subject': { testId: 'records-grid' },
  '/:app/:subject/:record': { testId: 'record-title' },
};

/**
 * axe-core (docs/accessibility.md "Checked by axe"): its script is evaluated in the page once (the walk's page keeps it
 * across the app's own navigations) and run on the whole document with the WCAG 2.0/2.1 A and AA rules, violations
 * only. The serious and critical nodes of each route are kept in AXE_FILE, route by route (a failed test restarts
 * Playwright's worker, which would lose what a variable held; a route run again replaces its entry); the walk's first
 * test empties the file, its last fails on any node and on any route left unchecked.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const GATED_IMPACTS = ['serious', 'critical'];
const AXE_FILE = 'test-results/axe-violations.json';
/** The pages axe checks signed out (the walk's last tests): sign-in, a console page (sent to sign-in), first-run, the exceptions, a shared view without its key. */
const SIGNED_OUT = ['/login', '/admin', '/init', '/403', '/404', '/500', '/grid_view'] as const;

interface AxeNode {
  rule: string;
  impact: string;
  target: string;
  html: string;
  summary: string;
}
/** What AXE_FILE holds: per route checked, the milliseconds axe took (injection and run) and the nodes it found. */
type AxeByRoute = Record<string, { ms: number; nodes: AxeNode[] }>;

const readAxe = (): AxeByRoute => JSON.parse(readFileSync(AXE_FILE, 'utf8')) as AxeByRoute;
function writeAxe(all: AxeByRoute): void {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(AXE_FILE, JSON.stringify(all, null, 1));
}

/** Runs axe on `page` (injecting it when the page has none) and records its serious and critical nodes under `route`. */
async function checkAxe(page: Page, route: string): Promise<void> {
  const started = Date.now();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const nodes = await page.evaluate(
    async ({ tags, impacts }) => {
      type Axe = {
        run: (
          ctx: Document,
          opts: object,
        ) => Promise<{
          violations: {
            id: string;
            impact: string | null;
            nodes: { impact: string | null; target: unknown[]; html: string; failureSummary?: string }[];
          }[];
        }>;
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.flatMap((v) =>
        v.nodes
          .filter((n) => impacts.includes(n.impact ?? v.impact ?? ''))
          .map((n) => ({
            rule: v.id,
            impact: n.impact ?? v.impact ?? '',
            target: n.target.map(String).join(' '),
            html: n.html.slice(0, 300),
            summary: (n.failureSummary ?? '').slice(0, 400),
          })),
      );
    },
    { tags: AXE_TAGS, impacts: GATED_IMPACTS },
  );
  writeAxe({ ...readAxe(), [route]: { ms: Date.now() - started, nodes } });
}

/** "rule: nodes (route, route, …)" for each rule found, most nodes first; at most three routes named per rule. */
function axeReport(all: AxeByRoute): string[] {
  const byRule = new Map<string, { count: number; routes: Set<string> }>();
  for (const [route, { nodes }] of Object.entries(all)) {
    for (const n of nodes) {
      const entry = byRule.get(n.rule) ?? { count: 0, routes: new Set<string>() };
      entry.count += 1;
      entry.routes.add(route);
      byRule.set(n.rule, entry);
    }
  }
  return [...byRule.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([rule, { count, routes }]) => {
      const list = [...routes];
      return `${rule}: ${count} (${list.slice(0, 3).join(', ')}${list.length > 3 ? `, … ${list.length} routes` : ''})`;
    });
}

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
        color: `rgb(${[1, 3, 5].map((i) => parseInt(PRIMARY_COLOR.slice(i, i + 2), 16)).join(', ')})`,
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
    // the subject and its record the workspace pages show (made once per server; kept for later runs of the walk)
    const api = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> => {
      const r = await context.request.fetch(url, {
        method,
        headers: AUTH_HEADERS,
        data: data === undefined ? undefined : JSON.stringify(data),
      });
      expect(r.ok(), `${method} ${url}: ${r.status()} ${await r.text()}`).toBe(true);
      return ((await r.json()) as { data: T }).data;
    };
    // the audit pages (process monitor, reports…) read the application's Audit module: enable it
    const appModules = (await api<{ modules: string[] }>('GET', `/api/v1/applications/${APP.slug}`)).modules;
    if (!appModules.includes('audit'))
      await api('PATCH', `/api/v1/applications/${APP.slug}`, { modules: [...appModules, 'audit'] });
    const subjectUrl = `/api/v1/applications/${APP.slug}/subjects/${MAP_SUBJECT.key}`;
    if ((await context.request.get(subjectUrl)).status() === 404) {
      await api('POST', `/api/v1/applications/${APP.slug}/subjects`, {
        ...MAP_SUBJECT,
        displayField: 'title',
        fields: [
          { key: 'title', name: '标题', type: 'text', required: true },
          { key: 'notes', name: '说明', type: 'longText' },
          { key: 'amount', name: '金额', type: 'money', options: { currency: 'CNY', precision: 2 } },
          { key: 'due_date', name: '截止日期', type: 'date' },
          { key: 'done', name: '已完成', type: 'boolean' },
          {
            key: 'status',
            name: '状态',
            type: 'singleSelect',
            options: {
              choices: [
                { label: '待办', color: '#1677ff' },
                { label: '已完成', color: '#52c41a' },
              ],
            },
          },
        ],
      });
    }
    SAMPLE.subjectId = (await api<{ id: string }>('GET', subjectUrl)).id;
    const records = await api<{ id: string }[]>('GET', `${subjectUrl}/records`);
    SAMPLE.record =
      records[0]?.id ??
      (
        await api<{ record: { id: string } }>('POST', `${subjectUrl}/records`, {
          values: {
            title: '巡检记录',
            notes: '路由巡检用的记录',
            amount: '1200.50',
            due_date: '2026-03-31',
            done: false,
            status: '待办',
          },
        })
      ).record.id;
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
    writeAxe({}); // the walk starts: the routes checked by an earlier run are forgotten
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
          {
            url: new RegExp(
              `/api/v1/(users|groups|notices|variables|categories|clients|forms|views|tasks|triggers|actions|rules|rule-sets)/${MISSING}`,
            ),
            status: 404,
          },
          // /:app/data_analytics/:record takes SAMPLE.record, a record's id: no dashboard has it
          { url: /\/api\/v1\/applications\/[^/]+\/dashboards\/[0-9a-f-]{36}$/, status: 404 },
        ]),
      ).toEqual([]);
      await checkAxe(page, path);
    });
  }

  test('the signed-out pages pass axe too (sign-in, first-run, the exceptions, a shared view without its key)', async ({
    browser,
  }, info) => {
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, locale: info.project.use.locale });
    const page = await context.newPage();
    const signedOut: [(typeof SIGNED_OUT)[number], () => Promise<void>][] = [
      ['/login', () => expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible()],
      // a console page sends a signed-out visitor to the sign-in page
      ['/admin', () => expect(page).toHaveURL(/\/login\?redirect=/)],
      ['/init', () => expect(page.getByTestId('init-closed')).toBeVisible()],
      ['/403', () => expect(page.getByTestId('exception-403')).toBeVisible()],
      ['/404', () => expect(page.getByTestId('exception-404')).toBeVisible()],
      ['/500', () => expect(page.getByTestId('exception-500')).toBeVisible()],
      ['/grid_view', () => expect(page.getByTestId('grid-view-no-view')).toBeVisible()],
    ];
    for (const [path, shown] of signedOut) {
      await page.goto(path);
      await shown();
      if (path === '/admin') await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
      await checkAxe(page, `${path} (signed out)`);
    }
    await context.close();
  });

  test('axe: no serious or critical violation on any route (WCAG 2.0/2.1 A and AA)', () => {
    const all = readAxe();
    const ms = Object.values(all).reduce((sum, r) => sum + r.ms, 0);
    const nodes = Object.values(all).reduce((sum, r) => sum + r.nodes.length, 0);
    const note = `${Object.keys(all).length} pages, ${(ms / 1000).toFixed(1)} s in axe, ${nodes} serious/critical nodes`;
    test.info().annotations.push({ type: 'axe', description: note });
    console.log(`axe: ${note}`);
    const expected = [...specPaths, ...SIGNED_OUT.map((p) => `${p} (signed out)`)];
    expect(
      expected.filter((p) => !all[p]),
      'paths axe did not check (their walk test failed first)',
    ).toEqual([]);
    expect(axeReport(all), `serious and critical axe violations, rule: nodes (routes); every node in ${AXE_FILE}`).toEqual([]);
  });
});
