/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the built app (`dist/`,
 * `npm run build` first) served by the real server on a fresh PGlite data folder. E2E_PORT and
 * DIST_DIR let two runs (two builds) go side by side. Spec files run in name order: 00-… starts
 * from the empty database and creates the first administrator the others sign in with.
 */
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data-${PORT}`,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
    },
  },
});
