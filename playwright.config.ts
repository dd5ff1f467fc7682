/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the built app (`dist/`,
 * `npm run build` first) served by the real server, each on a fresh PGlite data folder.
 *
 * The specs run on E2E_SERVERS servers side by side (default 2: one per core), one worker each:
 * a project per server, ports E2E_PORT, E2E_PORT+1, … Each project starts with 00-walking-skeleton
 * (it creates the first administrator and the application the others sign in with on that
 * server); the other specs are dealt to the projects by their measured durations
 * (tests/e2e/durations.json; a new spec counts 60 s until measured), so that the projects end
 * together. Within a project the specs run in name order, one after the other. See docs/testing.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const FIRST = '00-walking-skeleton.spec.ts';
/** Seconds a spec not yet in durations.json is counted for. */
const UNMEASURED_S = 60;

/**
 * Deals the specs to `servers` groups, longest first, each to the group with the least time so far
 * (every group starts with 00-walking-skeleton's time). Returns the spec file names per group.
 */
function dealSpecs(servers: number): string[][] {
  const specs = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts')).sort();
  const durations = JSON.parse(readFileSync('tests/e2e/durations.json', 'utf8')) as Record<string, number>;
  const seconds = (f: string) => durations[f] ?? UNMEASURED_S;
  const groups = Array.from({ length: servers }, () => ({ files: [FIRST], total: seconds(FIRST) }));
  for (const f of specs.filter((s) => s !== FIRST).sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.push(f);
    lightest.total += seconds(f);
  }
  return groups.map((g) => g.files.sort());
}

const groups = dealSpecs(SERVERS);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: SERVERS,
  // on CI a failed test runs once more; one that then passes counts as passed but is named as
  // flaky at the end of `npm test` (scripts/test-all.mjs), so it is seen and fixed
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // 15 s: a busy 2-core machine (two servers and two browsers) can take seconds to answer; a
  // passing check waits no longer for it
  expect: { timeout: 15_000 },
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    locale: 'zh-CN',
    // the app then turns antd's motion off (src/app.tsx `antd`): no waiting for modals and menus to settle
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: groups.map((files, i) => ({
    name: `server-${i + 1}`,
    workers: 1,
    testMatch: new RegExp(`(^|/)(${files.map(escape).join('|')})$`),
    use: { baseURL: `http://127.0.0.1:${PORT + i}` },
  })),
  webServer: groups.map((_, i) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT + i}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(PORT + i),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data-${PORT + i}`,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
    },
  })),
});
