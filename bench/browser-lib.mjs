// Shared pieces of the browser benchmarks (bench/grid-scroll.mjs, bench/kanban-calendar.mjs): the
// real server on the built app over an in-memory PGlite with a signed-in administrator and an
// application `bench`, a subject seeded by SQL generate_series, saved views, Debian's Chromium
// signed in, and the in-page frame counter that scrolls an element every animation frame.
/* global document, window, getComputedStyle, requestAnimationFrame -- page.evaluate runs in the browser */
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { CSRF, PASSWORD, expectOk } from './lib.mjs';

/** Exits with a message when the built app (dist/, `npx umi build`) is missing. */
export function requireBuild() {
  if (!existsSync('dist/index.html')) {
    console.error('dist/index.html is missing: run `npx umi build` first');
    process.exit(1);
  }
}

/**
 * The real server (buildApp on dist/) over a migrated in-memory PGlite, initialised with the
 * administrator bench@example.com (signed in: `cookie`) and the application `bench`.
 * @returns `{ handle, app, cookie, post(url, body) → parsed JSON (throws on ≥ 300), listen(), close() }`;
 *   `listen()` serves 127.0.0.1:`port`; `close()` closes the server and the database.
 */
export async function startBenchServer({ port }) {
  const handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  const app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle, distDir: 'dist' });
  await app.ready();
  const inject = (url, body, cookie) => app.inject({ method: 'POST', url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body });
  await expectOk(await inject('/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }), 'setup');
  const login = await inject('/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const post = async (url, body) => expectOk(await inject(url, body, cookie), `POST ${url}`);
  await post('/api/v1/applications', { slug: 'bench', name: 'Bench' });
  return {
    handle,
    app,
    cookie,
    port,
    post,
    listen: () => app.listen({ port, host: '127.0.0.1' }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Creates subject `key` of application `bench` with `fields` (`{ key, name, type, options?, seed }`,
 * `seed` an SQL expression of the series number `g`) and inserts `rows` records straight into its
 * table (generate_series, 50,000 a statement), then VACUUM ANALYZE.
 * @returns the seconds the inserts took.
 */
export async function seedSubject(bench, { key, name, displayField, fields, rows }) {
  const created = await bench.post('/api/v1/applications/bench/subjects', {
    key,
    name,
    displayField,
    fields: fields.map((f) => ({ key: f.key, name: f.name, type: f.type, options: f.options ?? {} })),
  });
  const subject = await loadSubjectDef(bench.handle.db, { id: created.data.id });
  const cols = fields.map((f) => subject.fields.find((d) => d.key === f.key).column);
  const t0 = performance.now();
  for (let from = 1; from <= rows; from += 50_000) {
    const to = Math.min(rows, from + 49_999);
    await bench.handle.db.execute(
      sql.raw(
        `insert into "${subject.tableName}" (${cols.map((c) => `"${c}"`).join(', ')})
         select ${fields.map((f) => f.seed).join(', ')} from generate_series(${from}::bigint, ${to}::bigint) g`,
      ),
    );
  }
  await bench.handle.db.execute(sql.raw(`vacuum analyze "${subject.tableName}"`));
  return (performance.now() - t0) / 1000;
}

/** Saves a view of subject `subject` of `bench`. @returns its id. */
export async function saveView(bench, subject, name, config) {
  return (await bench.post(`/api/v1/applications/bench/subjects/${subject}/views`, { name, config })).data.id;
}

/**
 * Debian's Chromium (playwright-core, /usr/bin/chromium, headless, --no-sandbox --disable-gpu)
 * with the bench administrator's session cookie. @returns `{ browser, page }` (close the browser).
 */
export async function openBrowser(bench, viewport = { width: 1400, height: 900 }) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const context = await browser.newContext({ viewport });
  const [name, value] = bench.cookie.split('=');
  await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
  return { browser, page: await context.newPage() };
}

/**
 * Waits, checking every animation frame, until `predicate` (run in the page, given `arg`) returns
 * a number: it returns false until done, then `performance.now()` (ms since the navigation
 * started), which this returns.
 */
export async function renderedAt(page, predicate, arg, timeout = 60_000) {
  return (await page.waitForFunction(predicate, arg, { polling: 'raf', timeout })).jsonValue();
}

/**
 * Scrolls, every animation frame for `seconds`, the element `selector` finds — itself when it
 * scrolls, else its first descendant that scrolls (overflow-y auto/scroll, or a virtual list's
 * holder); `document` scrolls the page — by `step` px, and counts the requestAnimationFrame
 * callbacks. `bounce`: the direction turns at either end (else the scroll stops at the end, e.g.
 * while the next page loads).
 * The element is looked up again when it leaves the document (a list may re-mount).
 * @returns `{ frames, elapsed (ms), fps, perSecond[], longest (ms), scrollTop, scrollHeight, travelled (px) }`.
 * @throws Error when nothing under `selector` scrolls.
 */
export async function scrollFrames(page, { selector, seconds, step, bounce = false }) {
  const result = await page.evaluate(
    ({ selector: sel, seconds: secs, step: px, bounce: turn }) =>
      new Promise((resolve, reject) => {
        const scroller = () => {
          if (sel === 'document') return document.scrollingElement;
          const root = document.querySelector(sel);
          if (!root) return null;
          // a virtual list's holder scrolls with overflow hidden (its own scroll bar)
          const scrolls = (el) => el.scrollHeight > el.clientHeight + 1 && (/(auto|scroll)/.test(getComputedStyle(el).overflowY) || el.matches('[class*="virtual"][class*="holder"]'));
          if (scrolls(root)) return root;
          return [...root.querySelectorAll('*')].find(scrolls) ?? null;
        };
        let el = scroller();
        if (!el) {
          reject(new Error(`nothing scrolls under ${sel}`));
          return;
        }
        const frames = [];
        let dir = 1;
        let travelled = 0;
        const start = performance.now();
        const tick = (now) => {
          frames.push(now);
          el = el.isConnected ? el : (scroller() ?? el);
          const before = el.scrollTop;
          if (turn && ((dir > 0 && before + el.clientHeight >= el.scrollHeight - 1) || (dir < 0 && before <= 0))) dir = -dir;
          el.scrollTop = before + dir * px;
          travelled += Math.abs(el.scrollTop - before);
          if (now - start < secs * 1000) requestAnimationFrame(tick);
          else {
            const perSecond = [];
            for (let s = 0; s < secs; s++) perSecond.push(frames.filter((t) => t - start >= s * 1000 && t - start < (s + 1) * 1000).length);
            let longest = 0;
            for (let i = 1; i < frames.length; i++) longest = Math.max(longest, frames[i] - frames[i - 1]);
            resolve({ frames: frames.length, elapsed: now - start, perSecond, longest, scrollTop: el.scrollTop, scrollHeight: el.scrollHeight, travelled });
          }
        };
        requestAnimationFrame(tick);
      }),
    { selector, seconds, step, bounce },
  );
  return { ...result, fps: (result.frames / result.elapsed) * 1000 };
}

/** Prints a scrollFrames result like bench:grid does (indented lines under a heading already printed). */
export function printFrames(r, indent = '  ') {
  console.log(`${indent}frames ${r.frames} in ${(r.elapsed / 1000).toFixed(2)} s → ${r.fps.toFixed(1)} fps (target ≥ 50: ${r.fps >= 50 ? 'ok' : 'MISSED'})`);
  console.log(`${indent}per second: ${r.perSecond.join(', ')}; slowest second ${Math.min(...r.perSecond)} fps; longest frame ${r.longest.toFixed(1)} ms`);
}

/**
 * Times one move in the page: from the first `event` ('click' or 'drop', captured on the document)
 * after this call to the animation frame where `[data-record=<id>]` is inside `to` and no longer
 * inside `from` (CSS selectors). Call it, do the action, then await `done()`.
 * @returns `{ done() → ms, or null when the card did not show within `timeout` ms }`.
 */
export async function watchMove(page, { event, id, from, to, timeout = 30_000 }) {
  await page.evaluate(
    ({ event: ev, id: rid, from: src, to: dst, timeout: limit }) => {
      window.__benchMove = new Promise((resolve) => {
        let t0 = null;
        const startedAt = performance.now();
        document.addEventListener(ev, () => (t0 ??= performance.now()), { capture: true, once: true });
        const check = () => {
          const card = `[data-record="${rid}"]`;
          const arrived = document.querySelector(`${dst} ${card}`) && !document.querySelector(`${src} ${card}`);
          if (t0 !== null && arrived) resolve(performance.now() - t0);
          else if (performance.now() - startedAt > limit) resolve(null);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    { event, id, from, to, timeout },
  );
  return { done: () => page.evaluate(() => window.__benchMove) };
}
