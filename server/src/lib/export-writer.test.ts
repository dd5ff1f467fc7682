/**
 * The shared export writer (lib/export-writer.ts), without an app: XLSX cells by their column's
 * kind (dates and datetimes are real Excel dates with a number format, numbers exact, booleans,
 * long text cut), the CSV's bytes (BOM, CRLF, formula escaping, dates as text), and a 10,000-row
 * XLSX stream that reads its rows only as fast as its bytes are taken.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { csvStream, DATE_FORMAT, DATETIME_FORMAT, xlsxStream, XLSX_CELL_MAX, type ExportCell, type ExportColumn } from './export-writer';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

async function* batchesOf(...batches: ExportCell[][][]): AsyncGenerator<ExportCell[][]> {
  yield* batches;
}

const COLUMNS: ExportColumn[] = [
  { header: 'name' },
  { header: 'fee', kind: 'number' },
  { header: 'due', kind: 'date' },
  { header: 'at', kind: 'datetime' },
  { header: 'done', kind: 'boolean' },
];

test('export writer: XLSX dates and datetimes are date cells with a number format; numbers exact; booleans; text cut', async () => {
  const at = new Date('2026-03-04T05:06:07.000Z');
  const file = await bytes(
    xlsxStream({
      columns: COLUMNS,
      sheetName: 'Fees: 2026/Q1 [draft] and a name longer than 31',
      batches: batchesOf(
        [
          ['A', '1000.50', '2026-01-31', '2026-03-04T05:06:07.000Z', 'true'],
          ['B', '12345678901234567890.12', new Date(Date.UTC(2025, 11, 1)), at, false],
        ],
        [],
        [['x'.repeat(XLSX_CELL_MAX + 10), '', '', null, ''], ['C', 7, 'not a date', 'later', 'maybe']],
      ),
    }),
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.equal(sheet.name, 'Fees_ 2026_Q1 _draft_ and a nam');
  assert.equal(sheet.rowCount, 5);
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['name', 'fee', 'due', 'at', 'done']);

  const a = sheet.getRow(2);
  assert.equal(a.getCell(2).value, 1000.5);
  assert.equal(a.getCell(3).type, ExcelJS.ValueType.Date);
  assert.deepEqual(a.getCell(3).value, new Date('2026-01-31T00:00:00.000Z'));
  assert.equal(a.getCell(3).numFmt, DATE_FORMAT);
  assert.equal(a.getCell(4).type, ExcelJS.ValueType.Date);
  assert.deepEqual(a.getCell(4).value, at);
  assert.equal(a.getCell(4).numFmt, DATETIME_FORMAT);
  assert.equal(a.getCell(5).value, true);

  const b = sheet.getRow(3);
  assert.equal(b.getCell(2).value, '12345678901234567890.12', 'a number a double cannot hold stays text');
  assert.deepEqual(b.getCell(3).value, new Date('2025-12-01T00:00:00.000Z'));
  assert.deepEqual(b.getCell(4).value, at);
  assert.equal(b.getCell(5).value, false);

  const long = sheet.getRow(4);
  assert.equal(String(long.getCell(1).value).length, XLSX_CELL_MAX);
  assert.ok(String(long.getCell(1).value).endsWith('…'));
  assert.equal(long.getCell(2).type, ExcelJS.ValueType.Null, 'an empty number is a blank cell');
  assert.equal(long.getCell(3).type, ExcelJS.ValueType.Null);

  const c = sheet.getRow(5);
  assert.equal(c.getCell(2).value, 7);
  assert.equal(c.getCell(3).value, 'not a date', 'a value that is no date stays text');
  assert.equal(c.getCell(4).value, 'later');
  assert.equal(c.getCell(5).value, 'maybe');
});

test('export writer: CSV with a byte-order mark, CRLF, formulas escaped (not numbers), dates as text, empty batches write nothing', async () => {
  const text = (
    await bytes(
      csvStream({
        columns: COLUMNS,
        batches: batchesOf(
          [['=SUM(A1)', -5, new Date(Date.UTC(2026, 0, 31)), new Date('2026-03-04T05:06:07.000Z'), true]],
          [],
          [['a, "b"', '-0.10', '2026-01-31', '', false]],
        ),
      }),
    )
  ).toString('utf8');
  assert.equal(
    text,
    '\uFEFFname,fee,due,at,done\r\n' + `"'=SUM(A1)",-5,2026-01-31,2026-03-04T05:06:07.000Z,true\r\n` + `"a, ""b""","'-0.10",2026-01-31,,false\r\n`,
  );
});

test('export writer: a 10,000-row XLSX reads its batches only as fast as the file is taken', async () => {
  const ROWS = 10_000;
  const BATCH = 500;
  let read = 0;
  async function* rows(): AsyncGenerator<ExportCell[][]> {
    for (let n = 0; n < ROWS; n += BATCH) {
      read += BATCH;
      yield Array.from({ length: BATCH }, (_, i) => [`row ${n + i}`, randomBytes(48).toString('base64'), n + i, new Date(Date.UTC(2026, 0, 1, 0, 0, n + i))]);
    }
  }
  const stream = xlsxStream({
    columns: [{ header: 'name' }, { header: 'noise' }, { header: 'n', kind: 'number' }, { header: 'at', kind: 'datetime' }],
    batches: rows(),
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // nobody reads yet
  assert.ok(read < ROWS / 2, `only a few batches are read while the file is not taken (read ${read} of ${ROWS})`);
  const file = await bytes(stream);
  assert.equal(read, ROWS);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.equal(sheet.rowCount, ROWS + 1);
  assert.equal(sheet.getRow(ROWS + 1).getCell(3).value, ROWS - 1);
  assert.deepEqual(sheet.getRow(ROWS + 1).getCell(4).value, new Date(Date.UTC(2026, 0, 1, 0, 0, ROWS - 1)));
});
