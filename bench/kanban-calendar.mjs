// Kanban and calendar benchmark (views: the grid stays smooth at 100k rows, kanban and
// calendar at 5k; target ≥ 50 fps like bench:grid).
//
// Seeds one subject with 5,000 records (SQL generate_series, PGlite in memory): a status
// single-select of 5 choices (1,000 cards a kanban column) and a due date inside the CURRENT month,
// days 1–27 (≈185 events a day: the calendar's opening month holds all 5,000, the worst case; day
// 28 stays empty as the target of a move). Saves a kanban view (by status; amount and due date on
// the cards) and a calendar view (by due date), starts the real server on the built app (dist/,
// `npx umi build` first) and opens /bench/view/<id> in Debian's Chromium 1400×900. Measures:
//   kanban  — time from navigation start to the board shell and to every column showing its first
//             cards; frames per second while each column is scrolled STEP px a frame for SECONDS
//             seconds (bouncing at the ends), first as opened, then with every page of every column
//             loaded (all 5,000 cards: "Load more" until there is none); the time of one card move
//             by the "Move to…" menu (from the click to the card inside its new column and out of
//             the old one) in both states, and of one drag and drop.
//   calendar — time to the month complete (no spinner, events shown); frames per second scrolling
//             the page and, when a day offers "+N more", the list it opens; the time of one drag of
//             an event from day 21 to the empty day 28 (from the drop to the event inside that day).
// Frames are requestAnimationFrame callbacks counted in the page (bench/browser-lib.mjs).
//
// Usage: npm run bench:board [-- --rows 5000 --seconds 5 --step 100 --port 8782 --only kanban|calendar]
/* global document -- renderedAt predicates run in the browser */
import { parseArgs } from 'node:util';
import { openBrowser, printFrames, renderedAt, requireBuild, saveView, scrollFrames, seedSubject, startBenchServer, watchMove } from './browser-lib.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '5' },
    step: { type: 'string', default: '100' },
    port: { type: 'string', default: '8782' },
    only: { type: 'string', default: 'both' },
  },
});
const ROWS = Number(values.rows);
const SECONDS = Number(values.seconds);
const STEP = Number(values.step);
const STATUSES = ['draft', 'open', 'review', 'closed', 'archived'];
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const day = (d) => `${month}-${String(d).padStart(2, '0')}`;
const FIELDS = [
  { key: 'title', name: 'Title', type: 'text', seed: `'Card ' || g` },
  { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY', precision: 2 }, seed: `round(((g * 7919) % 1000000)::numeric / 100, 2)` },
  { key: 'due_date', name: 'Due date', type: 'date', seed: `date '${day(1)}' + (g % 27)::int` },
  {
    key: 'status',
    name: 'Status',
    type: 'singleSelect',
    options: { choices: STATUSES.map((label) => ({ label, color: '#1677ff' })) },
    seed: `(array['draft','open','review','closed','archived'])[1 + (g % 5)]`,
  },
];
const column = (label) => `[data-testid="kanban-column-${label}"]`;
const ms = (t) => (t === null ? 'did not show within 30 s' : `${Math.round(t)} ms`);

/**
 * The first card of column `from` and its record id, both columns scrolled to the top first (a
 * moved card heads its new column, and a virtual list holds only the cards in sight).
 */
async function firstCard(page, from, to) {
  for (const label of [from, to]) {
    await page.locator(column(label)).evaluate((el) => {
      for (const s of [el, ...el.querySelectorAll('*')]) if (s.scrollTop > 0) s.scrollTop = 0;
    });
  }
  await page.waitForTimeout(100);
  const card = page.locator(`${column(from)} [data-testid="kanban-card"]`).first();
  return { card, id: await card.getAttribute('data-record') };
}

/** Moves the first card of `from` to `to` with its "Move to…" menu. @returns ms from the click to the card in `to`. */
async function moveByMenu(page, from, to) {
  const { card, id } = await firstCard(page, from, to);
  await card.getByTestId('kanban-move').click();
  const item = page.getByRole('menuitem', { name: new RegExp(`“${to}”`) });
  await item.waitFor();
  const watch = await watchMove(page, { event: 'click', id, from: column(from), to: column(to) });
  await item.click();
  return watch.done();
}

/** Scrolls each status column in turn; prints and returns the figures. */
async function scrollColumns(page, heading) {
  console.log(heading);
  const out = [];
  for (const label of STATUSES) {
    const r = await scrollFrames(page, { selector: column(label), seconds: SECONDS, step: STEP, bounce: true });
    console.log(`  column ${label}: ${r.fps.toFixed(1)} fps, slowest second ${Math.min(...r.perSecond)}, longest frame ${r.longest.toFixed(1)} ms (${Math.round(r.travelled).toLocaleString('en-US')} px travelled, list ${Math.round(r.scrollHeight).toLocaleString('en-US')} px)`);
    out.push(r);
  }
  const frames = out.reduce((n, r) => n + r.frames, 0);
  const elapsed = out.reduce((n, r) => n + r.elapsed, 0);
  printFrames({ frames, elapsed, fps: (frames / elapsed) * 1000, perSecond: out.flatMap((r) => r.perSecond), longest: Math.max(...out.map((r) => r.longest)) });
}

async function kanban(page, bench, id) {
  await page.goto(`http://127.0.0.1:${bench.port}/bench/view/${id}`);
  const [shell, board] = await Promise.all([
    renderedAt(page, () => Boolean(document.querySelector('[data-testid="view-kanban"]')) && performance.now()),
    renderedAt(
      page,
      (n) => {
        const cols = [...document.querySelectorAll('[data-testid^="kanban-column-"]')];
        return cols.length === n && cols.every((c) => c.querySelector('[data-testid="kanban-card"], .ant-empty')) && performance.now();
      },
      STATUSES.length + 1,
    ),
  ]);
  const cards = await page.getByTestId('kanban-card').count();
  console.log(`[bench] kanban of ${ROWS.toLocaleString('en-US')} records (${STATUSES.length} columns + "No value") in Chromium:`);
  console.log(`  board shell at ${Math.round(shell)} ms, every column with its first cards at ${Math.round(board)} ms after navigation start; ${cards} cards in the DOM`);
  await page.waitForTimeout(500);
  await scrollColumns(page, `  scrolling each column as opened, ${SECONDS} s at ${STEP} px a frame:`);
  console.log(`  move by "Move to…" (draft → open), click to card in its new column: ${ms(await moveByMenu(page, 'draft', 'open'))}`);
  {
    const { card, id: rid } = await firstCard(page, 'review', 'closed');
    const watch = await watchMove(page, { event: 'drop', id: rid, from: column('review'), to: column('closed') });
    await card.dragTo(page.locator(column('closed')));
    console.log(`  move by drag and drop (review → closed), drop to card in its new column: ${ms(await watch.done())}`);
  }

  // every page of every column: all 5,000 cards loaded
  const t0 = performance.now();
  for (const label of STATUSES) {
    const more = page.locator(`${column(label)} [data-testid="kanban-load-more"], ${column(label)} button.ant-btn-link`).first();
    while (await more.isVisible()) {
      await more.click();
      await page.waitForFunction((sel) => !document.querySelector(`${sel} .ant-btn-loading`), column(label), { polling: 'raf' });
    }
  }
  const all = await page.getByTestId('kanban-card').count();
  console.log(`  every page of every column loaded ("Load more" until none) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${all} cards in the DOM`);
  await scrollColumns(page, `  scrolling each column with every page loaded, ${SECONDS} s at ${STEP} px a frame:`);
  console.log(`  move by "Move to…" (open → review) with every page loaded: ${ms(await moveByMenu(page, 'open', 'review'))}`);
}

async function calendar(page, bench, id) {
  await page.goto(`http://127.0.0.1:${bench.port}/bench/view/${id}`);
  const [shell, complete] = await Promise.all([
    renderedAt(page, () => Boolean(document.querySelector('[data-testid="view-calendar"] .ant-picker-calendar')) && performance.now()),
    renderedAt(page, () => {
      const cal = document.querySelector('[data-testid="view-calendar"]');
      return Boolean(cal && !cal.querySelector('.ant-spin') && cal.querySelector('[data-testid="calendar-event"]')) && performance.now();
    }),
  ]);
  const events = await page.getByTestId('calendar-event').count();
  console.log(`[bench] calendar month holding ${ROWS.toLocaleString('en-US')} events (days 1–27 of ${month}) in Chromium:`);
  console.log(`  calendar shell at ${Math.round(shell)} ms, month complete at ${Math.round(complete)} ms after navigation start; ${events} event tags in the DOM`);
  await page.waitForTimeout(500);
  const r = await scrollFrames(page, { selector: 'document', seconds: SECONDS, step: STEP, bounce: true });
  console.log(`  scrolling the page, ${SECONDS} s at ${STEP} px a frame (${Math.round(r.travelled).toLocaleString('en-US')} px travelled, page ${Math.round(r.scrollHeight).toLocaleString('en-US')} px):`);
  printFrames(r, '    ');
  const more = page.getByTestId(`calendar-day-${day(3)}`).getByTestId('calendar-more');
  if ((await more.count()) > 0) {
    const t = await page.evaluate(() => performance.now());
    await more.click();
    const open = await renderedAt(page, () => Boolean(document.querySelector('[data-testid="calendar-more-list"] [data-testid="calendar-event"]')) && performance.now());
    const l = await scrollFrames(page, { selector: '[data-testid="calendar-more-list"]', seconds: SECONDS, step: STEP / 2, bounce: true });
    console.log(`  "+N more" of ${day(3)}: list open ${Math.round(open - t)} ms after the click (incl. the click's round trip); scrolling it ${SECONDS} s at ${STEP / 2} px a frame (${Math.round(l.travelled).toLocaleString('en-US')} px travelled, list ${Math.round(l.scrollHeight).toLocaleString('en-US')} px):`);
    printFrames(l, '    ');
    await page.keyboard.press('Escape');
    await more.click();
  } else console.log(`  no "+N more" list to scroll on ${day(3)}`);
  // a week apart, both on screen: a native drag does not start when the page scrolls under it
  const target = page.getByTestId(`calendar-day-${day(28)}`);
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const event = page.getByTestId(`calendar-day-${day(21)}`).getByTestId('calendar-event').first();
  const rid = await event.getAttribute('data-record');
  const watch = await watchMove(page, { event: 'drop', id: rid, from: `[data-testid="calendar-day-${day(21)}"]`, to: `[data-testid="calendar-day-${day(28)}"]` });
  await event.dragTo(target);
  console.log(`  move by drag and drop (${day(21)} → ${day(28)}), drop to event in its new day: ${ms(await watch.done())}`);
}

requireBuild();
const bench = await startBenchServer({ port: Number(values.port) });
let browser;
try {
  const seconds = await seedSubject(bench, { key: 'cards', name: 'Cards', displayField: 'title', fields: FIELDS, rows: ROWS });
  console.log(`[bench] ${ROWS.toLocaleString('en-US')} records seeded in ${seconds.toFixed(1)} s`);
  const kanbanId = await saveView(bench, 'cards', 'Board', { type: 'kanban', groupField: 'status', cardFields: ['amount', 'due_date'] });
  const calendarId = await saveView(bench, 'cards', 'Month', { type: 'calendar', dateField: 'due_date', titleField: 'title' });
  await bench.listen();
  let page;
  ({ browser, page } = await openBrowser(bench));
  if (values.only !== 'calendar') await kanban(page, bench, kanbanId);
  if (values.only !== 'kanban') await calendar(page, bench, calendarId);
} finally {
  await browser?.close();
  await bench.close();
}
