// Lighthouse (docs/performance.md "Lighthouse"): desktop performance score of /login (an
// administrator in place) and of a workspace home (signed in, one application), median of RUNS runs
// each (default 3) after one warm-up run that is not counted, in Debian's Chromium against the built app served by the real server on a fresh
// PGlite folder. Lighthouse 12.8.2 (13 needs Node 22) drives a Chromium that Playwright launches
// with a remote-debugging port. Not in CI: its timings are too noisy on a shared 2-core runner.
// Targets: /login ≥ 95, workspace home ≥ 90 (LIGHTHOUSE_TARGETS below).
// Usage: npm run build && npm run bench:lighthouse   (prints a table; exits 1 under a target)
//   RUNS=5 for more runs; VERBOSE=1 also prints, for the median run of each page, the main thread's
//   work by category, the scripts' boot-up time and the long tasks; BENCH_PORT / CHROMIUM_PATH as bench/first-load.mjs.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startBenchServer } from './lib.mjs';

/** Lowest acceptable desktop performance score (0–100) per page. */
export const LIGHTHOUSE_TARGETS = { login: 95, workspaceHome: 90 };

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8798);
const DEBUG_PORT = PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;

const server = await startBenchServer({ port: PORT, dataDir: '.bench-lighthouse-data' });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of `url`: score (0–100), FCP, LCP, TBT (ms), CLS, bytes transferred. */
async function audit(url, extraHeaders) {
  const { lhr } = await lighthouse(
    url,
    { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders },
    desktopConfig,
  );
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    lhr,
  };
}

/** Where the main thread's time went in one run (ms): by category, by script, and the long tasks. */
function describe(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const ms = (v) => `${Math.round(v)}`.padStart(6);
  console.log(
    '  main thread:',
    items('mainthread-work-breakdown')
      .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`)
      .join(', '),
  );
  for (const i of items('bootup-time').slice(0, 6))
    console.log(`  ${ms(i.total)} ms total ${ms(i.scripting)} ms script  ${String(i.url).replace(BASE, '')}`);
  for (const i of items('long-tasks').slice(0, 8))
    console.log(`  long task ${ms(i.duration)} ms at ${ms(i.startTime)} ms  ${String(i.url).replace(BASE, '')}`);
}

let failed = false;
try {
  const cookie = await server.workspace();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const pages = [
    { name: 'login', url: `${BASE}/login`, headers: undefined },
    { name: 'workspaceHome', url: `${BASE}/bench`, headers: { Cookie: cookie } },
  ];
  console.log(`Lighthouse ${desktopConfig.settings.formFactor}, median of ${RUNS} runs each`);
  console.log('page            score  target  FCP ms  LCP ms  TBT ms   CLS   KB transferred  (scores of each run)');
  for (const page of pages) {
    // one run first that is not counted: the server's first request of each route is slower (JIT,
    // PGlite's cold pages), which is not what a user of a running server meets
    const warmUp = await audit(page.url, page.headers);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(page.url, page.headers));
    const m = (key) => median(runs.map((r) => r[key]));
    const target = LIGHTHOUSE_TARGETS[page.name];
    const score = m('score');
    if (score < target) failed = true;
    console.log(
      `${page.name.padEnd(15)} ${String(score).padStart(5)}  ${`≥ ${target}`.padStart(6)}  ${m('fcp').toFixed(0).padStart(6)}  ` +
        `${m('lcp').toFixed(0).padStart(6)}  ${m('tbt').toFixed(0).padStart(6)}  ${m('cls').toFixed(3).padStart(5)}  ` +
        `${(m('bytes') / 1024).toFixed(1).padStart(14)}  (${runs.map((r) => r.score).join(', ')}; warm-up ${warmUp.score})${score < target ? '  UNDER' : ''}`,
    );
    if (process.env.VERBOSE) describe(runs.find((r) => r.score === score).lhr);
  }
  await browser.close();
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
