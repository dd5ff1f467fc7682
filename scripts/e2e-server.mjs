// Starts the real server for the browser tests on an empty data folder (DATA_DIR, wiped first),
// serving the built app from dist/. Refuses to start without a build.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const distDir = process.env.DIST_DIR ?? 'dist';
if (!existsSync(`${distDir}/index.html`)) {
  console.error(`${distDir}/index.html is missing: run \`npm run build\` before the browser tests`);
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? '.e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], { stdio: 'inherit', env: process.env });
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => process.exit(code ?? 0));
