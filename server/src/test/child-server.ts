/**
 * The real server as a child process, for the tests that kill it (test support, not a test file):
 * `node --import tsx server/src/index.ts` on a free port of 127.0.0.1, its output kept, and JSON or
 * multipart requests to it with the CSRF header and a session cookie. Used by the crash tests
 * (ops/crash.test.ts, modules/tasks/tasks.crash.test.ts).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** How long a started server may take to answer /health (ms). */
const START_TIMEOUT_MS = 60_000;

/** A free TCP port of 127.0.0.1 (the OS picks it; released before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A started server: its process, its base URL, what it printed so far, and its exit code to come. */
export interface ChildServer {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** The exit code; null when a signal ended it. */
  exited: Promise<number | null>;
}

/**
 * Starts the real server with `env` (the test database's DATABASE_URL or DATA_DIR, and any other
 * setting) over a copy of this process's environment without its database, signing-key and
 * scheduler settings; LOG_LEVEL warn, no rate limit, no web build. Resolves once /health answers.
 * Throws (with the server's output) when it exits first or does not answer within 60 s (then it is
 * killed).
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'AUDIT_SIGNING_KEY', 'AUDIT_SIGNING_KEY_FILE', 'SCHEDULER']) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'index.ts')], {
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '0',
      DIST_DIR: 'no-such-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, base: url, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

/**
 * A request to `/api/v1<url>` of the server with the CSRF header and `cookie`: `body` as JSON, or a
 * FormData as multipart. Resolves with the status, the parsed JSON answer and the session cookie
 * it set, if any. Rejects when the server is gone (a fetch error).
 */
export async function childApi<T>(
  server: ChildServer,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: T; cookie?: string }> {
  const form = opts.body instanceof FormData;
  const res = await fetch(`${server.base}/api/v1${url}`, {
    method,
    headers: {
      'x-assay-request': '1',
      ...(opts.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: form ? (opts.body as FormData) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, body: (await res.json()) as T, cookie: setCookie ? setCookie.split(';')[0] : undefined };
}

/** Signs `email` in with `password` (200 asserted); resolves with the session cookie. */
export async function childSignIn(server: ChildServer, email: string, password: string): Promise<string> {
  const res = await childApi(server, 'POST', '/auth/login', { body: { email, password } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(res.cookie, 'a session cookie');
  return res.cookie;
}
