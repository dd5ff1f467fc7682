/**
 * Test helper (not a test file): runs a shell command of server/src/ops (backup.ts, restore.ts,
 * admin.ts) in a child process, as `npm run …` would, with a controlled environment.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node --import tsx server/src/ops/<script>.ts ...args` from the repo root.
 * @param env added to a copy of process.env from which DATABASE_URL, DATA_DIR and the signing key
 *   variables are removed first.
 */
export function runOps(script: 'backup' | 'restore' | 'admin', args: string[], env: Record<string, string>): Promise<CliResult> {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'AUDIT_SIGNING_KEY', 'AUDIT_SIGNING_KEY_FILE']) delete base[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'ops', `${script}.ts`), ...args], {
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
