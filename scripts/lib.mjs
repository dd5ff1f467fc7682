// Helpers shared by scripts/start.mjs and scripts/test-all.mjs (node builtins only: they run
// before `npm install`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Runs a command inheriting stdio; returns its exit status (1 when it could not start). */
export function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Newest modification time (ms) of any file under the paths given (folders walked, node_modules skipped). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.umi')) walk(join(p, name));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
}

/** Installs npm packages when node_modules is missing or older than package-lock.json. */
export function ensureInstalled() {
  const stamp = 'node_modules/.package-lock.json';
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= statSync('package-lock.json').mtimeMs) return 0;
  console.log('[assay] installing npm packages (npm ci)…');
  return run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** The web app's sources: a change to any of them makes dist/ stale. */
export const WEB_SOURCES = ['src', 'config', 'contracts', 'public', '.umirc.ts', 'package-lock.json'];

/** Builds the web app (umi build) when dist/ is missing or older than its sources. */
export function ensureBuilt({ force = false } = {}) {
  const index = 'dist/index.html';
  if (!force && existsSync(index) && statSync(index).mtimeMs >= newestMtime(WEB_SOURCES)) return 0;
  console.log('[assay] building the web app (umi build)…');
  return run('npx', ['umi', 'build']);
}
