/**
 * Shell commands against a running PGlite server (online backup, admin recovery). PGlite is one
 * process's database: while the server holds the data folder (db/lock.ts), `npm run backup` and
 * `npm run admin` cannot open it, so they ask the server instead:
 * 1. the command writes `DATA_DIR/ops/<id>.request.json` (mode 0600) and sends SIGUSR2 to the pid
 *    in the folder lock — only if `DATA_DIR/ops/server.json` says that pid answers ops requests
 *    (a process without the handler would be killed by SIGUSR2);
 * 2. the server claims each request file (rename to `.taken.json`), runs it with its own database
 *    handle, and writes `<id>.response.json` (write to a temporary name, then rename);
 * 3. the command reads the response, deletes it, and prints the result.
 * Whoever can write into the data folder and signal the server's user already has the database
 * files: this adds no privilege. PostgreSQL needs none of it (the commands connect directly).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The folder of requests and responses inside the data folder. */
export const OPS_DIR_NAME = 'ops';
/** The marker a server writes when it accepts ops requests. */
export const OPS_MARKER = 'server.json';
/** Version of the request format. */
export const OPS_VERSION = 1;

export type OpsRequest =
  | { op: 'backup'; out: string }
  | { op: 'reset-password'; email: string; passwordHash: string }
  | { op: 'create-admin'; email: string; name: string; passwordHash: string };

export type OpsResponse = { ok: true; result: unknown } | { ok: false; error: string };

/** `DATA_DIR/ops`, absolute. */
export function opsDir(dataDir: string): string {
  return path.resolve(process.cwd(), dataDir, OPS_DIR_NAME);
}

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Marks this process as answering ops requests (index.ts, after installing the SIGUSR2 handler). */
export function writeOpsMarker(dataDir: string, pid: number = process.pid): void {
  fs.mkdirSync(opsDir(dataDir), { recursive: true, mode: 0o700 });
  writeAtomic(path.join(opsDir(dataDir), OPS_MARKER), JSON.stringify({ pid, version: OPS_VERSION }));
}

/** Removes the marker if it is this process's. */
export function removeOpsMarker(dataDir: string, pid: number = process.pid): void {
  const file = path.join(opsDir(dataDir), OPS_MARKER);
  try {
    const marker = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown };
    if (marker.pid === pid) fs.unlinkSync(file);
  } catch {
    // missing or unreadable: nothing to remove
  }
}

/** True when the marker says `pid` answers ops requests of this version. */
export function acceptsOps(dataDir: string, pid: number): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(opsDir(dataDir), OPS_MARKER), 'utf8')) as { pid?: unknown; version?: unknown };
    return marker.pid === pid && marker.version === OPS_VERSION;
  } catch {
    return false;
  }
}

/**
 * Sends `request` to the server `pid` and waits for its answer.
 * @param timeoutMs how long to wait (default 120 s; a backup of a large folder takes a while).
 * @throws Error when the server does not accept ops requests, does not answer in time, or answers
 *   with an error (its message).
 */
export async function sendOpsRequest(dataDir: string, pid: number, request: OpsRequest, timeoutMs = 120_000): Promise<unknown> {
  if (!acceptsOps(dataDir, pid)) {
    throw new Error(`The server holding ${path.resolve(dataDir)} (pid ${pid}) does not accept shell requests: stop it first.`);
  }
  const dir = opsDir(dataDir);
  const id = randomUUID();
  const responseFile = path.join(dir, `${id}.response.json`);
  writeAtomic(path.join(dir, `${id}.request.json`), JSON.stringify(request));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(responseFile)) {
      const response = JSON.parse(fs.readFileSync(responseFile, 'utf8')) as OpsResponse;
      fs.rmSync(responseFile, { force: true });
      if (!response.ok) throw new Error(response.error);
      return response.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(path.join(dir, `${id}.request.json`), { force: true });
  throw new Error(`The server (pid ${pid}) did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Runs every pending request in `DATA_DIR/ops` with `handler` and writes the responses (the
 * server's SIGUSR2 handler). Requests are claimed by renaming, so two signals never run one twice.
 */
export async function processOpsRequests(dataDir: string, handler: (request: OpsRequest) => Promise<unknown>): Promise<number> {
  const dir = opsDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.request.json'));
  } catch {
    return 0;
  }
  let done = 0;
  for (const name of names) {
    const id = name.slice(0, -'.request.json'.length);
    const taken = path.join(dir, `${id}.taken.json`);
    try {
      fs.renameSync(path.join(dir, name), taken);
    } catch {
      continue; // claimed by a concurrent run
    }
    let response: OpsResponse;
    try {
      const request = JSON.parse(fs.readFileSync(taken, 'utf8')) as OpsRequest;
      response = { ok: true, result: await handler(request) };
    } catch (err) {
      response = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    fs.rmSync(taken, { force: true });
    writeAtomic(path.join(dir, `${id}.response.json`), JSON.stringify(response));
    done += 1;
  }
  return done;
}
