/**
 * Prints server/README.md's endpoint table (or rewrites it with `--write`): one row per registered
 * /api/v1 route in registration order — method and path, who may call it (the route specs' `allow`
 * roles, which the access matrix checks), the OpenAPI summary and the declared audit actions.
 * Usage: npx tsx scripts/endpoint-table.ts [--write]
 */
import fs from 'node:fs';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { loadRouteSpecs, SIGNED_IN, type Role } from '../server/src/test/route-specs';

const who = (allow: readonly Role[] | undefined): string => {
  if (!allow) return '?';
  const set = new Set(allow);
  if (set.has('anonymous')) return 'anyone';
  if (SIGNED_IN.every((r) => set.has(r))) return 'signed in';
  if (set.has('editor') && set.has('owner') && set.has('admin') && !set.has('viewer')) return 'editor, owner or admin';
  if (set.has('owner') && set.has('admin') && !set.has('editor')) return 'owner or admin';
  if (set.size === 1 && set.has('admin')) return 'admin';
  return [...set].join(', ');
};

async function main(): Promise<void> {
  const handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  const app = await buildApp({ db: handle.db, engine: handle.engine });
  await app.ready();
  const specs = await loadRouteSpecs();
  const doc = app.swagger() as { paths?: Record<string, Record<string, { summary?: string }>> };
  const rows: string[] = [];
  for (const r of app.apiRoutes) {
    if (!r.url.startsWith('/api/v1/')) continue;
    const path = r.url.slice('/api/v1'.length);
    const spec = specs[`${r.method} ${r.url}`];
    const openApiPath = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const summary = doc.paths?.[openApiPath]?.[r.method.toLowerCase()]?.summary ?? '';
    const audit = app.mutatingRoutes.find((m) => m.method === r.method && m.url === r.url)?.audit;
    rows.push(`| ${r.method} ${path} | ${path === '/openapi.json' ? 'anyone' : who(spec?.allow)} | ${summary} | ${audit ? audit.join(', ') : ''} |`);
  }
  await app.close();
  await handle.close();
  const table = rows.join('\n');
  if (process.argv.includes('--write')) {
    const file = 'server/README.md';
    const text = fs.readFileSync(file, 'utf8');
    const head = '|---|---|---|---|\n';
    const start = text.indexOf(head) + head.length;
    const end = text.indexOf('\n\n', start);
    fs.writeFileSync(file, text.slice(0, start) + table + text.slice(end));
    console.log(`${rows.length} routes written to ${file}`);
  } else console.log(table);
}

void main();
