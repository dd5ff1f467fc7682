/**
 * The server's configuration: the only module that reads `process.env` (docs/code-style.md "Layout").
 * Every variable is validated with zod at start; a bad value stops the process with a message
 * naming the variable.
 */
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  /** TCP port to listen on (default 8000). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /** Interface to bind (default 127.0.0.1: local only; 0.0.0.0 to expose). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, PostgreSQL through `pg` (stateless API servers); otherwise embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** The data folder (PGlite database, lock file, later keys and files); default ./data. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where uploaded files' bytes live (docs/blob-stores.md): `local` (default) a folder,
   * DATA_DIR/blobs; `postgres` the database (tables blob_objects, blob_chunks), which every API
   * server sharing one PostgreSQL sees. Any other value stops the start.
   */
  BLOB_STORE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : 'local'))
    .pipe(z.enum(['local', 'postgres'], { error: () => 'must be local (DATA_DIR/blobs) or postgres (in the database)' })),
  /** The built Umi app (`umi build` output, publicPath /admin/); default ./dist. */
  DIST_DIR: z.string().min(1).default('./dist'),
  /** pino level: fatal, error, warn, info, debug, trace or silent (default info). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Trust `X-Forwarded-*` from a reverse proxy (default false). Turn it on only behind a proxy
   * that sets them: the client IP of sessions and the https detection of the cookie come from them.
   */
  TRUST_PROXY: booleanString,
  /**
   * Origins accepted on mutations besides the server's own (comma-separated, e.g.
   * `https://assay.example.com`), for a proxy that rewrites Host without X-Forwarded-Host (lib/csrf.ts).
   */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /**
   * Host names the server answers for besides localhost, 127.0.0.1, [::1], the hosts of
   * ALLOWED_ORIGINS and HOST when it is a specific address (comma-separated; `.example.com` = that
   * domain and its subdomains; `*` turns the check off). Others get 421 (lib/allowed-hosts.ts).
   */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((h) => h.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(\*|\.?[A-Za-z0-9.-]+|\[?[0-9A-Fa-f:.]+\]?)$/, 'a host name, an address, .domain or *'))),
  /**
   * Coarse limit of /api requests per minute (default 1200; 0 turns it off), counted per signed-in
   * user, and per client IP (IPv6: per /64) for anonymous requests (lib/rate-limit-key.ts).
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(1200),
  /**
   * Key (≥ 32 characters, e.g. `openssl rand -hex 32`) signing the audit chain head every 15 min;
   * or AUDIT_SIGNING_KEY_FILE, a file holding it, outside DATA_DIR. Neither: signing is off
   * (one warning at start). See README "Audit log".
   */
  AUDIT_SIGNING_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  AUDIT_SIGNING_KEY_FILE: z.string().optional().transform((v) => (v ? v : undefined)),
  /**
   * Key of secret variables (AES-256-GCM): 32 bytes as 64 hex characters or base64 (e.g.
   * `openssl rand -hex 32`). Unset: DATA_DIR/secret.key, generated (mode 0600) on first start.
   * Set it (the same everywhere) when several API servers share one PostgreSQL.
   */
  ASSAY_SECRET_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  /** Run the housekeeping scheduler (ops/scheduler.ts) in this process (default true). */
  SCHEDULER: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes'),
  /**
   * PostgreSQL: this is the only API server on the database (default false). At start its task
   * engine then requeues the tasks left `running` by a process that died, at once, instead of
   * after their timeout + 60 s (docs/tasks.md "Crash recovery"). Never set it when several
   * servers share the database: it would requeue tasks another live server is running. PGlite
   * always does this (one process by construction).
   */
  TASKS_SINGLE_PROCESS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Parses `source` (default `process.env`) into a typed configuration.
 * @throws Error listing every invalid variable and why.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The value of TEST_DATABASE_URL, for the test helpers only (a PostgreSQL server to test against). */
export function testDatabaseUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = source.TEST_DATABASE_URL?.trim();
  return v ? v : undefined;
}
