// First load (docs/performance.md "Budgets"): the gzip bytes of JS + CSS that /init (empty
// installation), /login (administrator in place), the console dashboard /admin and a workspace home
// (/bench) fetch until network idle, and the file count, in Debian's Chromium against the built app
// served by the real server on a fresh PGlite folder; then the script chunks over the single-chunk
// budget. The same measure and budgets as tests/e2e/05-budgets.spec.ts (bench/first-load-lib.mjs).
// Usage: npx umi build && node bench/first-load.mjs   (prints a table; exits 1 over budget)
//   VERBOSE=1 also lists every file of every page.
import { chromium } from '@playwright/test';
import {
  CHUNK_BUDGET_KB,
  FIRST_LOAD_BUDGETS_KB,
  READY,
  describeFiles,
  kb,
  measureFirstLoad,
  oversizedChunks,
} from './first-load-lib.mjs';
import { startBenchServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const BASE = `http://127.0.0.1:${PORT}`;

const server = await startBenchServer({ port: PORT, dataDir: '.bench-data' });

let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows = [];
  rows.push({ name: 'init', m: await measureFirstLoad(browser, `${BASE}/init`, { ready: READY.init }) });
  const cookie = await server.workspace();
  rows.push({ name: 'login', m: await measureFirstLoad(browser, `${BASE}/login`, { ready: READY.login }) });
  rows.push({
    name: 'consoleDashboard',
    m: await measureFirstLoad(browser, `${BASE}/admin`, { cookie, ready: READY.consoleDashboard }),
  });
  rows.push({
    name: 'workspaceHome',
    m: await measureFirstLoad(browser, `${BASE}/bench`, { cookie, ready: READY.workspaceHome }),
  });
  await browser.close();

  console.log('page      files   raw KB   gzip KB   budget KB');
  for (const { name, m } of rows) {
    const budget = FIRST_LOAD_BUDGETS_KB[name];
    const over = m.gzipBytes > budget * 1024;
    failed ||= over;
    const path = new URL(m.url).pathname;
    console.log(
      `${path.padEnd(8)} ${String(m.files.length).padStart(6)} ${kb(m.rawBytes).padStart(8)} ${kb(m.gzipBytes).padStart(9)} ${String(budget).padStart(11)}${over ? '  OVER' : ''}`,
    );
  }
  const { over, heavy } = oversizedChunks();
  for (const c of over) console.log(`chunk ${c.file}: ${kb(c.gzip)} KB gzip, over ${CHUNK_BUDGET_KB} KB`);
  for (const c of heavy) console.log(`heavy chunk ${c.file}: ${kb(c.gzip)} KB gzip`);
  failed ||= over.length > 0;
  if (process.env.VERBOSE) for (const { m } of rows) console.log(describeFiles(m));
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
