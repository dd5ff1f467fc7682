/**
 * First-load budgets (docs/performance.md "Budgets"): in Debian's Chromium, on the built app, the
 * gzip bytes of JS + CSS each first screen fetches until network idle, the way a user loads it
 * (new browser context, empty cache):
 * - /login with an administrator in place, a workspace home and the console dashboard on this
 *   project's server (00-walking-skeleton made the administrator and the application);
 * - /init on an empty installation: a second server of its own, on an empty data folder, from the
 *   same build (DIST_DIR);
 * and no script chunk of the build over 150 KB gzip unless it is a named heavy editor, which no
 * measured first screen loads. A budget broken fails with each page's file list and sizes.
 * The measure and the figures are bench/first-load-lib.mjs's (bench/first-load.mjs prints the
 * same table outside the suite).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser } from '@playwright/test';
import {
  CHUNK_BUDGET_KB,
  FIRST_LOAD_BUDGETS_KB,
  isHeavyChunk,
  READY,
  describeFiles,
  kb,
  measureFirstLoad,
  oversizedChunks,
} from '../../bench/first-load-lib.mjs';
import { expect, test } from './fixtures';
import { ADMIN, APP, AUTH_HEADERS } from './support';

type Page = keyof typeof FIRST_LOAD_BUDGETS_KB;
type Measure = Awaited<ReturnType<typeof measureFirstLoad>>;

const DIST_DIR = process.env.DIST_DIR ?? 'dist';

/** A TCP port nobody listens on right now (the kernel's pick). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server (as scripts/e2e-server.mjs does) on an empty data folder; resolves once it answers. */
async function startEmptyServer(): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = `.e2e-data-budget-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the empty server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('the empty server did not answer within 60 s');
}

/** The administrator's session cookie on `base`, with the suite's language (zh-CN) as their preference. */
async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: AUTH_HEADERS,
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.ok, `sign in: ${res.status}`).toBe(true);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join(', ');
  const me = (await res.json()) as { data: { locale: string } };
  if (me.data.locale !== 'zh-CN') {
    const patched = await fetch(`${base}/api/v1/auth/me/preferences`, {
      method: 'PATCH',
      headers: { ...AUTH_HEADERS, cookie: cookie.replace(/, /g, '; ') },
      body: JSON.stringify({ locale: 'zh-CN' }),
    });
    expect(patched.ok).toBe(true);
  }
  return cookie;
}

/** The report of the measured pages: one line each, then each page's files, largest first. */
function report(measures: [Page, Measure][]): string {
  const rows = measures.map(([page, m]) => {
    const budget = FIRST_LOAD_BUDGETS_KB[page];
    const over = m.gzipBytes > budget * 1024;
    return `${page.padEnd(17)} ${kb(m.gzipBytes).padStart(7)} KB gzip in ${String(m.files.length).padStart(2)} files  (budget ${budget} KB)${over ? '  OVER' : ''}`;
  });
  return [...rows, '', ...measures.map(([, m]) => describeFiles(m))].join('\n');
}

function expectWithinBudgets(measures: [Page, Measure][]) {
  const text = report(measures);
  console.log(text);
  test.info().attach('first-load.txt', { body: text, contentType: 'text/plain' });
  const over = measures.filter(([page, m]) => m.gzipBytes > FIRST_LOAD_BUDGETS_KB[page] * 1024).map(([page]) => page);
  expect(over, `first-load budget broken (docs/performance.md "Budgets"):\n${text}`).toEqual([]);
  const heavy = measures.flatMap(([page, m]) => m.files.filter((f) => isHeavyChunk(f.path)).map((f) => `${page}: ${f.path}`));
  expect(heavy, 'a heavy editor loads only where it is used, never on these first screens').toEqual([]);
}

async function measure(browser: Browser, url: string, ready: string, cookie?: string): Promise<Measure> {
  return measureFirstLoad(browser, url, { cookie, ready });
}

test.describe.configure({ mode: 'serial' });

test('first screens stay within their first-load budgets', async ({ browser }) => {
  test.setTimeout(120_000);
  const base = test.info().project.use.baseURL!;
  const cookie = await adminCookie(base);
  expectWithinBudgets([
    ['login', await measure(browser, `${base}/login`, READY.login)],
    ['workspaceHome', await measure(browser, `${base}/${APP.slug}`, READY.workspaceHome, cookie)],
    ['consoleDashboard', await measure(browser, `${base}/admin`, READY.consoleDashboard, cookie)],
  ]);
});

test('/init on an empty installation stays within its first-load budget', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startEmptyServer();
  try {
    expectWithinBudgets([['init', await measure(browser, `${server.base}/init`, READY.init)]]);
  } finally {
    server.stop();
  }
});

test(`no script chunk over ${CHUNK_BUDGET_KB} KB gzip but the named heavy editors`, () => {
  const { over, heavy } = oversizedChunks(DIST_DIR);
  const list = (chunks: { file: string; gzip: number }[]) => chunks.map((c) => `  ${c.file}: ${kb(c.gzip)} KB gzip`).join('\n');
  console.log(`heavy editors (allowed over ${CHUNK_BUDGET_KB} KB, loaded where used):\n${list(heavy)}`);
  expect(over, `chunks over ${CHUNK_BUDGET_KB} KB gzip (docs/performance.md "Budgets"):\n${list(over)}`).toEqual([]);
});
