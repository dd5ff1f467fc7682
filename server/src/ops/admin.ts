/**
 * `npm run admin -- <command>`: account recovery from the shell (ops/recovery.ts), since `/init`
 * closes for good after the first run.
 *   reset-password --email X [--password P]   new password (generated and printed once unless
 *                                             given), every session of the account ended
 *   create-admin --email X --name Y [--password P]
 * Works with PostgreSQL directly, and with PGlite directly or through the running server
 * (ops/ops-requests.ts). Both write an audit entry with actor `shell`. A password given with
 * --password must pass the strength rule; beware that it stays in the shell's history.
 */
import { emailSchema, passwordSchema, personNameSchema } from '../../../contracts';
import { hashPassword } from '../lib/password';
import { loadEnv } from '../env';
import { sendOpsRequest, type OpsRequest } from './ops-requests';
import { generatePassword, runRecovery } from './recovery';
import { openForShell, parseCommandLine, runCommand, UsageError } from './shell';

const USAGE = `Usage:
  npm run admin -- reset-password --email EMAIL [--password PASSWORD]
  npm run admin -- create-admin --email EMAIL --name NAME [--password PASSWORD]
  Without --password a strong password is generated and printed once.`;

function required(value: string | boolean | undefined, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  });
  const command = positionals[0];
  if (command !== 'reset-password' && command !== 'create-admin') {
    throw new UsageError(command ? `Unknown command: ${command}` : 'Which command?');
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument: ${positionals[1]}`);
  const email = emailSchema.safeParse(required(values.email, 'email'));
  if (!email.success) throw new UsageError('--email is not a valid e-mail address');
  const generated = typeof values.password !== 'string';
  const password = generated ? generatePassword() : String(values.password);
  if (!passwordSchema.safeParse(password).success) {
    throw new UsageError('--password is too weak: at least 10 characters with letters and digits');
  }
  const passwordHash = await hashPassword(password);
  let request: OpsRequest;
  if (command === 'create-admin') {
    const name = personNameSchema.safeParse(required(values.name, 'name'));
    if (!name.success) throw new UsageError('--name must be 1–100 characters');
    request = { op: 'create-admin', email: email.data, name: name.data, passwordHash };
  } else {
    request = { op: 'reset-password', email: email.data, passwordHash };
  }

  const access = await openForShell(loadEnv(), { migrate: true });
  let message: string;
  if (access.kind === 'server') {
    const result = (await sendOpsRequest(access.dataDir, access.pid, request)) as { message: string };
    message = result.message;
  } else {
    try {
      message = await runRecovery(access.handle.db, request);
    } finally {
      await access.close();
    }
  }
  console.log(message);
  if (generated) console.log(`New password (shown once): ${password}`);
}

runCommand(main, USAGE);
