/**
 * The guards in front of papaparse and stream-json (imports.guard.ts) and the CSV reader they
 * serve (readRows): whatever the text and wherever it is cut into chunks, the rows are papaparse's
 * rows of the whole text; well-formed CSV is handed on cut only between rows.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import fc from 'fast-check';
import Papa from 'papaparse';
import { IMPORT_MAX_CELL_CHARS } from '../../../../contracts';
import { CsvGuard, JsonGuard } from './imports.guard';
import { LimitBreach } from './imports.limits';
import { readRows } from './imports.parse';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'the upload guards read bytes before any database work');

/** `text` cut at `cuts` (positions, any order). */
function chunksOf(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of at) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out.filter((s) => s.length > 0);
}

const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', '中', '\t'), maxLength: 8 });
const rowsArb = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 });

test('CsvGuard hands well-formed CSV on in whole rows: each piece parses to its own rows', () => {
  fc.assert(
    fc.property(rowsArb, fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 8 }), (rows, newline, cuts) => {
      const text = Papa.unparse(rows, { newline, quotes: false });
      const guard = new CsvGuard(',', newline);
      const pieces = chunksOf(text, cuts).map((s) => guard.feed(s));
      pieces.push(guard.end());
      assert.equal(pieces.join(''), text);
      // a piece cut inside a quoted field would parse to other rows (and a MissingQuotes error)
      const parse = (s: string) => Papa.parse<string[]>(s, { delimiter: ',', newline: newline as '\n', skipEmptyLines: 'greedy' });
      const byPiece = pieces.map(parse);
      assert.deepEqual(
        byPiece.flatMap((r) => r.data),
        parse(text).data,
      );
      assert.deepEqual(
        byPiece.flatMap((r) => r.errors),
        [],
      );
    }),
    { numRuns: 500 },
  );
});

test('readRows (CSV) gives papaparse’s rows of the whole text for any text, cut anywhere', async () => {
  const text = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '中', 'é'), maxLength: 60 });
  await fc.assert(
    fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 6 }), async (t, cuts) => {
      const body = 'h1,h2\n' + t;
      const bytes = Buffer.from(body);
      const pieces = chunksOf(bytes.toString('latin1'), cuts).map((s) => Buffer.from(s, 'latin1')); // cuts may split a character
      const read = readRows(Readable.from(pieces), 'csv', 'utf-8');
      const got: string[][] = [];
      for await (const row of read.rows) got.push(row);
      const meta = Papa.parse<string[]>(body, { preview: 10 }).meta;
      const want = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy', delimiter: meta.delimiter, newline: meta.linebreak as '\n' }).data;
      assert.deepEqual([read.header, ...got], want);
    }),
    { numRuns: 300 },
  );
});

test('CsvGuard refuses a cell over the cap with its row and column, before the row ends', () => {
  const guard = new CsvGuard(',', '\n');
  guard.feed('a,b\n\n  \nx,');
  const big = 'y'.repeat(64 * 1024);
  let breach: unknown;
  try {
    for (let i = 0; i < IMPORT_MAX_CELL_CHARS / big.length + 1; i += 1) guard.feed(big);
  } catch (e) {
    breach = e;
  }
  assert.ok(breach instanceof LimitBreach);
  assert.deepEqual(breach.breach, { kind: 'cell', row: 2, column: 1 });
});

/** Feeds `prefix` (ending inside a string), then 7 MiB more of that string: the breach the guard throws. */
function breachOfLongString(prefix: string): LimitBreach {
  const guard = new JsonGuard();
  guard.feed(prefix);
  let breach: unknown;
  try {
    for (let i = 0; i < 7 * 16; i += 1) guard.feed('z'.repeat(64 * 1024));
  } catch (e) {
    breach = e;
  }
  assert.ok(breach instanceof LimitBreach);
  return breach;
}

test('JsonGuard refuses a string over 6 × the cell cap naming its item and key', () => {
  const breach = breachOfLongString('[{"code":"A","title":"x"},\n {"code":"B", "nested": {"title": "y"}, "title":"');
  assert.deepEqual(breach.breach, { kind: 'cell', row: 2, column: 'title' });
});

test('readRows (JSON) behind JsonGuard reads any array of objects of strings, cut anywhere', async () => {
  const str = fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '中', '{', '[', ',', ':', '😀'), maxLength: 6 });
  const items = fc.array(fc.dictionary(str, str, { maxKeys: 3 }), { minLength: 1, maxLength: 5 });
  await fc.assert(
    fc.asyncProperty(items, fc.array(fc.nat(), { maxLength: 6 }), async (objects, cuts) => {
      const bytes = Buffer.from(JSON.stringify(objects));
      const pieces = chunksOf(bytes.toString('latin1'), cuts).map((s) => Buffer.from(s, 'latin1'));
      const read = readRows(Readable.from(pieces), 'json');
      const got: string[][] = [];
      for await (const row of read.rows) got.push(row);
      const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
      assert.deepEqual(read.header, keys);
      assert.deepEqual(
        got.map((r) => Object.fromEntries(r.map((v, i) => [read.header[i], v]).filter(([, v]) => v !== ''))),
        objects.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ''))),
      );
    }),
    { numRuns: 300 },
  );
});

test('JsonGuard numbers the items of an array under a top-level key from 1 too', () => {
  const breach = breachOfLongString('{"meta":{"v":"1"},"639-3":[{"alpha_3":"aaa"},{"alpha_3":"bbb","name":"');
  assert.deepEqual(breach.breach, { kind: 'cell', row: 2, column: 'name' });
});
