// The audit dashboard (docs/engagements-dashboard.md): GET /api/v1/applications/bench/audit/dashboard
// over BENCH_ENGAGEMENTS engagements (default 2,000), 20 procedures each (40,000), 5 findings each
// (10,000) and 10 time entries each (20,000), spread over 10 team members, inserted by chunked SQL
// (CHUNK rows a statement) into the record tables of the Audit model, which the bench enables
// through the API. Prints per engine: the seeding seconds, the dashboard's ready time over RUNS
// calls (p50, p95, max in ms) for the whole application and for one engagement, and another user's
// requests meanwhile (a signed-in GET /api/v1/auth/me issued with each dashboard call, and one every
// 20 ms): how many, p95 and the longest wait in ms (PGlite runs one statement at a time).
// Targets: ≤ 1 s on PostgreSQL, ≤ 2 s on PGlite.
// Usage: npm run bench:audit-dashboard [-- --engine pglite|postgres|both]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_dash_<random> is created and dropped afterwards.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/src/db/client';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def';
import { openBenchApp } from './app-lib.mjs';
import { expectOk, pct, PASSWORD } from './lib.mjs';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'both' } } });
const ENGAGEMENTS = Number(process.env.BENCH_ENGAGEMENTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CHUNK = 5_000;
const PEOPLE = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Def {
  tableName: string;
  fields: { key: string; column: string | null }[];
}

async function runEngine(engine: string) {
  const { handle, call, cookie, close } = await openBenchApp(engine, 'assay_dash');
  try {
    await expectOk(await call('PATCH', '/api/v1/applications/bench', { modules: ['audit'] }, cookie), 'enable audit');
    const model = (await expectOk(await call('GET', '/api/v1/applications/bench/audit/model', undefined, cookie), 'model')).data;
    const def = async (object: string): Promise<Def> => (await loadSubjectDef(handle.db, { id: model.subjects[object].id }))!;
    const [E, P, F, T] = await Promise.all(['engagement', 'procedure', 'finding', 'time_entry'].map(def));
    const t = (d: Def) => `"${d.tableName}"`;
    const c = (d: Def, ...keys: string[]) => keys.map((k) => `"${d.fields.find((f) => f.key === k)!.column}"`).join(', ');

    // the team: PEOPLE users, members of the application
    const people: string[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const email = `member${i}@example.com`;
      const u = await expectOk(await call('POST', '/api/v1/users', { name: `Member ${i}`, email, password: PASSWORD }, cookie), 'user');
      await expectOk(await call('POST', '/api/v1/applications/bench/members', { email, role: 'editor' }, cookie), 'member');
      people.push(u.data.id ?? u.data.user?.id);
    }
    const person = (expr: string) => `('{${people.join(',')}}'::uuid[])[(${expr}) % ${PEOPLE} + 1]`;

    const t0 = performance.now();
    const chunks = async (total: number, insert: (a: number, b: number) => string) => {
      for (let a = 1; a <= total; a += CHUNK) await handle.db.execute(sql.raw(insert(a, Math.min(total, a + CHUNK - 1))));
    };
    const phases = `(array['scope','validate','fieldwork','awaiting_approval','follow_up','closed'])[i % 6 + 1]`;
    await chunks(
      ENGAGEMENTS,
      (a, b) => `insert into ${t(E)} (${c(E, 'title', 'code', 'phase', 'budget_hours', 'lead')})
        select 'Engagement ' || i, 'ENG-' || lpad(i::text, 4, '0'), ${phases}, 200, ${person('i')} from generate_series(${a}, ${b}) g(i)`,
    );
    // the n-th engagement by id: children of row i belong to engagement i % ENGAGEMENTS
    const withEngagement = (child: Def, columns: string, select: string, total: number) =>
      chunks(
        total,
        (a, b) => `insert into ${t(child)} (${columns})
          select ${select} from generate_series(${a}, ${b}) g(i)
          join (select id, row_number() over (order by id) - 1 as rn from ${t(E)}) e on e.rn = i % ${ENGAGEMENTS}`,
      );
    await withEngagement(
      P,
      c(P, 'title', 'engagement', 'assignee', 'budget_hours', 'status'),
      `'Procedure ' || i, e.id, ${person('i')}, (i % 8) + 1, (array['open','in_progress','done'])[i % 3 + 1]`,
      ENGAGEMENTS * 20,
    );
    await withEngagement(
      F,
      c(F, 'title', 'engagement', 'severity', 'status', 'owner', 'raised_at', 'due_date'),
      `'Finding ' || i, e.id, (array['critical','high','medium','low'])[i % 4 + 1], (array['open','remediation','retest','closed'])[i % 4 + 1],
        ${person('i')}, current_date - (i % 200), current_date - (i % 200) + 60`,
      ENGAGEMENTS * 5,
    );
    await withEngagement(
      T,
      c(T, 'engagement', 'person', 'date', 'hours'),
      `e.id, ${person('i')}, current_date - (i % 100), (i % 4) + 0.5`,
      ENGAGEMENTS * 10,
    );
    for (const d of [E, P, F, T]) await handle.db.execute(sql.raw(`analyze ${t(d)}`));
    const seeded = (performance.now() - t0) / 1000;

    // another user while the dashboard runs
    const login = await call('POST', '/api/v1/auth/login', { email: 'member0@example.com', password: PASSWORD });
    const otherCookie = String(login.headers['set-cookie']).split(';')[0];
    const waits: number[] = [];
    let running = true;
    const otherUser = (async () => {
      while (running) {
        const s = performance.now();
        await expectOk(await call('GET', '/api/v1/auth/me', undefined, otherCookie), 'other user');
        waits.push(performance.now() - s);
        await sleep(20);
      }
    })();

    const measure = async (query: string) => {
      await expectOk(await call('GET', `/api/v1/applications/bench/audit/dashboard${query}`, undefined, cookie), 'warm-up');
      const ms: number[] = [];
      let last: { engagements: { total: number }; procedures: { total: number }; findings: { open: number }; overdueRemediations: unknown[] } | undefined;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const dash = call('GET', `/api/v1/applications/bench/audit/dashboard${query}`, undefined, cookie).then((res: unknown) => {
          ms.push(performance.now() - s);
          return res;
        });
        // another user's request issued while the dashboard runs
        const o = performance.now();
        const me = call('GET', '/api/v1/auth/me', undefined, otherCookie).then(() => waits.push(performance.now() - o));
        last = (await expectOk(await dash, 'dashboard')).data;
        await me;
        await sleep(30);
      }
      return {
        p50_ms: Math.round(pct(ms, 50)),
        p95_ms: Math.round(pct(ms, 95)),
        max_ms: Math.round(Math.max(...ms)),
        engagements: last!.engagements.total,
        procedures: last!.procedures.total,
        open_findings: last!.findings.open,
        overdue_listed: last!.overdueRemediations.length,
      };
    };
    const all = await measure('');
    const [first] = rowsOf<{ id: string }>(await handle.db.execute(sql.raw(`select id from ${t(E)} order by id limit 1`)));
    const one = await measure(`?engagementId=${first.id}`);
    running = false;
    await otherUser;
    return {
      engine,
      engagements: ENGAGEMENTS,
      procedures: ENGAGEMENTS * 20,
      findings: ENGAGEMENTS * 5,
      time_entries: ENGAGEMENTS * 10,
      seeded_s: Number(seeded.toFixed(1)),
      runs: RUNS,
      dashboard: all,
      one_engagement: one,
      other_requests: waits.length,
      other_p95_ms: Math.round(pct(waits, 95)),
      other_max_ms: Math.round(Math.max(0, ...waits)),
    };
  } finally {
    await close();
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine!];
void (async () => {
  for (const engine of engines) console.log(JSON.stringify(await runEngine(engine)));
  process.exit(0);
})();
