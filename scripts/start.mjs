// `npm start`: installs what is missing, builds the web app if it is stale, then starts the
// server on the embedded database (PGlite in ./data, or PostgreSQL when DATABASE_URL is set) and
// prints the URL. Node builtins only, so it runs before `npm install`.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled } from './lib.mjs';

if (ensureInstalled() !== 0) process.exit(1);
if (ensureBuilt() !== 0) process.exit(1);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
