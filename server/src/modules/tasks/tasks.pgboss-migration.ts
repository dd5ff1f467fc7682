/**
 * The pg-boss schema as a committed Drizzle migration (server/drizzle/0014_pgboss.sql), so a start
 * never builds it (it took 5.3 s on PGlite) and pg-boss starts with `migrate: false`.
 *
 * `pgBossMigrationSql()` turns pg-boss's construction plan (`PgBoss.getConstructionPlans('pgboss')`,
 * one `BEGIN; …; COMMIT;` text) into drizzle's migration format: one statement per
 * `--> statement-breakpoint`, without its own transaction and lock (the migrator runs the file in
 * its transaction, under its lock on PostgreSQL). Regenerate after upgrading pg-boss (its schema
 * version changes; tasks.test.ts checks the committed file still matches):
 *
 *   npx tsx server/src/modules/tasks/tasks.pgboss-migration.ts > server/drizzle/NNNN_pgboss_vXX.sql
 *
 * (an upgrade needs pg-boss's migration plans instead, `getMigrationPlans`, as a new migration).
 */
import PgBoss from 'pg-boss';

/** The pg-boss schema name. */
export const PGBOSS_SCHEMA = 'pgboss';

/**
 * Splits SQL text on `;` outside quotes and dollar-quoted bodies.
 * @returns the trimmed, non-empty statements.
 */
export function splitSqlStatements(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let i = 0;
  let quote: string | null = null; // "'" or a dollar tag such as "$$"
  while (i < text.length) {
    const ch = text[i];
    if (quote) {
      if (text.startsWith(quote, i)) {
        current += quote;
        i += quote.length;
        quote = null;
        continue;
      }
      current += ch;
      i += 1;
      continue;
    }
    if (ch === "'") {
      quote = "'";
    } else if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i));
      if (tag) {
        quote = tag[0];
        current += tag[0];
        i += tag[0].length;
        continue;
      }
    } else if (ch === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
      i += 1;
      continue;
    }
    current += ch;
    i += 1;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** The migration's SQL (see the module comment). */
export function pgBossMigrationSql(): string {
  const statements = splitSqlStatements(PgBoss.getConstructionPlans(PGBOSS_SCHEMA)).filter(
    (s) => !/^(BEGIN|COMMIT|SET LOCAL\b|SELECT pg_advisory_xact_lock\b)/i.test(s),
  );
  return `-- pg-boss ${PGBOSS_SCHEMA} schema (server/src/modules/tasks/tasks.pgboss-migration.ts)\n${statements.map((s) => `${s};`).join('\n--> statement-breakpoint\n')}\n`;
}

if (process.argv[1] && /tasks\.pgboss-migration\.ts$/.test(process.argv[1])) process.stdout.write(pgBossMigrationSql());
