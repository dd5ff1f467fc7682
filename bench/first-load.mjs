// First-load budget (docs/routes-and-loading.md "First-load budget"): the gzip bytes of JS + CSS that /login, /admin and a workspace home
// fetch until network idle, and the chunk count, in Debian's Chromium against the built app
// served by the real server on a fresh PGlite folder. Targets: /login ≤ 300 KB, workspace home
// (/bench) ≤ 600 KB; the console dashboard /admin is reported. Usage: npm run build && node bench/first-load.mjs   (prints a table; exits 1 over budget)
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const PORT = 8799;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.bench-data';
/** The targets of docs/routes-and-loading.md "First-load budget"; /admin is reported only. */
const TARGETS_KB = { '/login': 300, '/bench': 600 };
const HEADERS = { 'content-type': 'application/json', 'x-assay-request': '1' };

rmSync(DATA_DIR, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function api(path, body, cookie) {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: { ...HEADERS, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function measure(browser, path, cookie) {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split(';')[0].split('=');
    await context.addCookies([{ name, value, url: BASE }]);
  }
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    try {
      const body = await res.body();
      assets.push({ path: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      /* aborted */
    }
  });
  await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  const sum = (k) => assets.reduce((a, x) => a + x[k], 0);
  return { path, chunks: assets.length, rawKB: sum('raw') / 1024, gzipKB: sum('gzip') / 1024, assets };
}

let failed = false;
try {
  await waitForServer();
  const admin = { name: 'Bench Admin', email: 'bench@example.com', password: 'Bench-pass-2026' };
  await api('/api/v1/setup/init', admin);
  const login = await api('/api/v1/auth/login', { email: admin.email, password: admin.password });
  const cookie = login.headers.get('set-cookie');
  await api('/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows = [await measure(browser, '/login'), await measure(browser, '/admin', cookie), await measure(browser, '/bench', cookie)];
  await browser.close();

  console.log('page        chunks   raw KB   gzip KB   target KB');
  for (const r of rows) {
    const target = TARGETS_KB[r.path] ?? '-';
    const over = typeof target === 'number' && r.gzipKB > target;
    failed ||= over;
    console.log(`${r.path.padEnd(10)} ${String(r.chunks).padStart(6)} ${r.rawKB.toFixed(0).padStart(8)} ${r.gzipKB.toFixed(1).padStart(9)} ${String(target).padStart(10)}${over ? '  OVER' : ''}`);
  }
  if (process.env.VERBOSE) for (const r of rows) console.log(r.path, r.assets.map((a) => `${a.path} ${(a.gzip / 1024).toFixed(1)}`).join('\n  '));
} finally {
  server.kill('SIGTERM');
}
process.exitCode = failed ? 1 : 0;
