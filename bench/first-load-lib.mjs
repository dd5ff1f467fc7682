// The first-load measure shared by bench/first-load.mjs and the browser suite's budget spec
// (tests/e2e/05-budgets.spec.ts): what a first visit fetches, the way a user loads it. Figures and
// the reasons behind them: docs/performance.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load budgets in KB (1 KB = 1024 bytes) of gzip JS + CSS fetched until network idle, per
 * page; docs/performance.md "Budgets" restates them and says why. `login`: /login with an
 * administrator in place; `init`: /init on an empty installation; `workspaceHome`: /{app} for its
 * owner; `consoleDashboard`: /admin for an administrator.
 */
export const FIRST_LOAD_BUDGETS_KB = { login: 250, init: 300, workspaceHome: 550, consoleDashboard: 650 };

/** What shows each measured page is there (its own content, not the spinner): a selector per FIRST_LOAD_BUDGETS_KB key. */
export const READY = {
  login: 'form button[type=submit]',
  init: 'form button[type=submit]',
  workspaceHome: '[data-testid=members-table]',
  consoleDashboard: '[data-testid=console-dashboard]',
};

/**
 * The largest a single script chunk of dist/ may be, in KB gzip (docs/performance.md "Budgets"),
 * unless it is one of HEAVY_CHUNKS.
 */
export const CHUNK_BUDGET_KB = 150;

/**
 * Chunks allowed over CHUNK_BUDGET_KB: the named heavy editors, each loaded only by the screens that
 * use it, never on a measured first screen. Keys are prefixes of dist/ file names: the editor's own
 * chunk (webpackChunkName of its React.lazy import) and its libraries' (.umirc.ts splitChunks group,
 * `<name>-lib`).
 */
export const HEAVY_CHUNKS = {
  'heavy-richtext': 'rich text editor (tiptap / ProseMirror), the notices screen',
  'heavy-xlsx': 'spreadsheet reader (exceljs), the XLSX preview of the documents screens',
  'heavy-charts': 'charts (ECharts 6 from echarts/core, the chart types used), the query builder and dashboards',
};

/** Whether dist/ file `file` (a name or a path) belongs to one of HEAVY_CHUNKS. */
export const isHeavyChunk = (file) => Object.keys(HEAVY_CHUNKS).some((name) => file.split('/').pop().startsWith(name));

/** Gzip level 9 size of `body` in bytes: how big a file travels compressed. */
export const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

/** Quiet time, ms, that counts as network idle: no request in flight and none started or ended (Playwright's `networkidle` is 500 ms). */
export const IDLE_MS = 1000;

/**
 * Opens `url` in a new context of `browser` (with `cookie`, a Set-Cookie header, when given), waits
 * for `ready` (a selector of the page's own content, when given) and then for network idle: IDLE_MS
 * without a request in flight. (Playwright's `networkidle` alone can fire while umi.js still runs on
 * a busy machine, before the page asked for its chunks.) Returns `{ url, finalUrl, files: [{ path,
 * raw, gzip }] (bytes, in load order), rawBytes, gzipBytes }` for every JS and CSS response; every
 * body is read before the context closes. Errors: `ready` not visible within 30 s.
 */
export async function measureFirstLoad(browser, url, { cookie, ready } = {}) {
  // the suite's browser language (playwright.config.ts), Assay's default
  const context = await browser.newContext({ locale: 'zh-CN' });
  if (cookie) {
    for (const part of cookie.split(/,\s*(?=[\w-]+=)/)) {
      const [pair] = part.split(';');
      const at = pair.indexOf('=');
      await context.addCookies([{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1), url: new URL(url).origin }]);
    }
  }
  const page = await context.newPage();
  const reads = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const activity = (delta) => () => {
    inFlight += delta;
    lastActivity = Date.now();
  };
  page.on('request', activity(1));
  page.on('requestfinished', activity(-1));
  page.on('requestfailed', activity(-1));
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!/\.(js|css)$/.test(path)) return;
    reads.push(
      res.body().then(
        (body) => ({ path, raw: body.length, gzip: gzipBytes(body) }),
        () => null, // aborted or redirected: nothing arrived
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    if (ready) {
      await page
        .locator(ready)
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 })
        .catch((e) => {
          throw new Error(`${url}: ${ready} did not show (at ${page.url()}): ${e.message.split('\n')[0]}`);
        });
    }
    while (inFlight > 0 || Date.now() - lastActivity < IDLE_MS) await page.waitForTimeout(100);
    const files = (await Promise.all(reads)).filter(Boolean);
    return {
      url,
      finalUrl: page.url(),
      files,
      rawBytes: files.reduce((a, f) => a + f.raw, 0),
      gzipBytes: files.reduce((a, f) => a + f.gzip, 0),
    };
  } finally {
    await context.close();
  }
}

/** `bytes` as KB with one decimal. */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A measure's file list, largest first, one `  <gzip KB>  <raw KB>  <path>` line each, with its total. */
export function describeFiles(measure) {
  const lines = [...measure.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${kb(f.gzip).padStart(7)} KB gzip ${kb(f.raw).padStart(8)} KB raw  ${f.path}`);
  return [`${measure.url}: ${kb(measure.gzipBytes)} KB gzip in ${measure.files.length} files`, ...lines].join('\n');
}

/**
 * The script chunks of `distDir` over CHUNK_BUDGET_KB gzip that are not HEAVY_CHUNKS, and the
 * heavy ones, each `{ file, gzip }` (bytes).
 */
export function oversizedChunks(distDir = 'dist') {
  const chunks = readdirSync(distDir)
    .filter((f) => f.endsWith('.async.js'))
    .map((file) => ({ file, gzip: gzipBytes(readFileSync(join(distDir, file))) }));
  const over = chunks.filter((c) => c.gzip > CHUNK_BUDGET_KB * 1024);
  return { over: over.filter((c) => !isHeavyChunk(c.file)), heavy: chunks.filter((c) => isHeavyChunk(c.file)) };
}
