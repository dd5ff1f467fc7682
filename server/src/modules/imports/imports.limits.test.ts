/**
 * Imports: the encodings Excel and Windows write (UTF-16 with a byte-order mark, UTF-8 with one,
 * GB18030) and the caps that keep an upload's memory bounded (a cell, a row, the rows of a file,
 * the parts of an XLSX once unzipped), on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { ImportBatch, ImportUploadResult, RecordItem } from '../../../../contracts';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { gb18030Bytes, utf16Bytes, xlsxOf } from './imports.test-support';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('pglite', 'file parsing and its caps act before any row is written; PGlite\'s one connection is the hard case for /health answering meanwhile');

const APP = '/api/v1/applications/lim';
const NOTES = `${APP}/subjects/note`;
const MiB = 1024 * 1024;

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

before(async () => {
  made = await createTestApp();
  ({ cookie } = await adminSession(made.app));
  const appId = await createTestApplication(made.app, cookie, 'lim');
  await createTestSubjectIn(made.app, {
    applicationId: appId,
    key: 'note',
    name: 'Note',
    displayField: 'title',
    fields: [fieldOf('code', 'text', { required: true }), fieldOf('title', 'text'), fieldOf('body', 'longText')],
  });
});
after(async () => {
  await made?.close();
});

/** A multipart body of one file (made before a measured upload: building 60 MiB of it takes seconds itself). */
type Prepared = { body: Buffer; contentType: string };
const prepare = (fileName: string, content: Buffer | string): Promise<Prepared> => multipartBody([{ name: 'file', fileName, content }]);
async function upload(fileName: string, content: Buffer | string | Prepared, query = '') {
  const { body, contentType } = typeof content === 'object' && 'contentType' in content ? content : await prepare(fileName, content);
  return call(made.app, 'POST', `${NOTES}/imports${query}`, { cookie, body, headers: { 'content-type': contentType, 'accept-language': 'en-US' } });
}
async function uploaded(fileName: string, content: Buffer | string, query = ''): Promise<ImportUploadResult> {
  const res = await upload(fileName, content, query);
  assert.equal(res.statusCode, 201, res.body.slice(0, 500));
  return json<{ data: ImportUploadResult }>(res).data;
}
/** Uploads, runs (insert) and answers the records of `codes`, by code. */
async function imported(fileName: string, content: Buffer | string, codes: string[], query = ''): Promise<Map<string, RecordItem>> {
  const { batch } = await uploaded(fileName, content, query);
  const res = await call(made.app, 'POST', `/api/v1/imports/${batch.id}/run`, { cookie, body: { mapping: batch.mapping } });
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  assert.equal(json<{ data: ImportBatch }>(res).data.status, 'done');
  const filter = encodeURIComponent(JSON.stringify({ op: 'and', items: [{ field: 'code', op: 'in', value: codes }] }));
  const list = await call(made.app, 'GET', `${NOTES}/records?pageSize=100&filter=${filter}`, { cookie });
  assert.equal(list.statusCode, 200, list.body.slice(0, 500));
  return new Map(json<{ data: RecordItem[] }>(list).data.map((r) => [String(r.values.code), r]));
}
/** The refusal's status and message (en-US). */
async function refused(fileName: string, content: Buffer | string | Prepared): Promise<{ status: number; message: string; ms: number; field?: string }> {
  const t0 = performance.now();
  const res = await upload(fileName, content);
  const ms = performance.now() - t0;
  const body = json<{ errorMessage?: string; details?: { field: string }[] }>(res);
  return { status: res.statusCode, message: body.errorMessage ?? res.body.slice(0, 300), ms, field: body.details?.[0]?.field };
}

/**
 * Runs `work` while polling /health every 20 ms and sampling RSS every 10 ms: answers its result,
 * the longest /health wait (ms) and the RSS peak over the RSS before (bytes; the peak is the
 * process's, so a test measures its growth only when it is the largest so far: run it first or alone).
 */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; healthMs: number; rssGrowth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  let done = false;
  let healthMs = 0;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await call(made.app, 'GET', '/api/v1/health');
      assert.equal(res.statusCode, 200);
      healthMs = Math.max(healthMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work();
    // the sampler does not run while the event loop stands still: the process's peak counts too
    peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
    return { result, healthMs, rssGrowth: peak - start };
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
  }
}

/** An inline-string cell of a worksheet's XML. */
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

const TEXT = ['张三的笔记', 'Zoë Ångström — naïve café', '中文，逗号；分号', 'plain'];
/** Text GBK's two-byte codes hold (pinyin's accented letters, not every Latin one). */
const GB_TEXT = ['张三的笔记', 'Café à la crème', '中文；分号'];

test('a UTF-16 LE CSV with a byte-order mark, tab-separated (Excel "Unicode text"): read and imported, Chinese and accents intact', async () => {
  const rows = ['code\ttitle\tbody', ...TEXT.map((t, i) => `U16-${i}\t${t}\t"${t}\n${t}"`)];
  const result = await uploaded('unicode.txt', utf16Bytes(rows.join('\r\n') + '\r\n', 'le'));
  assert.equal(result.encoding, 'utf-16le');
  assert.deepEqual(result.batch.headers, ['code', 'title', 'body']);
  assert.deepEqual(result.sample[0], ['U16-0', TEXT[0], `${TEXT[0]}\n${TEXT[0]}`]);
  const byCode = await imported('unicode.txt', utf16Bytes(rows.join('\r\n'), 'le'), TEXT.map((_, i) => `U16-${i}`));
  for (const [i, t] of TEXT.entries()) {
    assert.equal(byCode.get(`U16-${i}`)?.values.title, t);
    assert.equal(byCode.get(`U16-${i}`)?.values.body, `${t}\n${t}`);
  }
});

test('UTF-16 BE with a byte-order mark and UTF-8 with one are read by their mark', async () => {
  const csv = ['code,title', ...TEXT.map((t, i) => `E-${i},"${t}"`)].join('\n');
  const be = await uploaded('be.csv', utf16Bytes(csv, 'be'));
  assert.equal(be.encoding, 'utf-16be');
  assert.deepEqual(be.sample.map((r) => r[1]), TEXT);
  const u8 = await uploaded('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]));
  assert.equal(u8.encoding, 'utf-8');
  assert.deepEqual(u8.batch.headers, ['code', 'title']);
  assert.deepEqual(u8.sample.map((r) => r[1]), TEXT);
});

test('a GB18030 CSV (Chinese Windows) is detected and imported; the encoding can be chosen instead', async () => {
  // 3,000 rows (> one 64 KiB chunk): characters cut between chunks must come out whole
  const rows = ['code,title', ...Array.from({ length: 3000 }, (_, i) => `G-${i},${GB_TEXT[i % 3]}第${i}行`)];
  const bytes = gb18030Bytes(rows.join('\r\n'));
  assert.ok(bytes.length > 64 * 1024);
  const auto = await uploaded('gbk.csv', bytes);
  assert.equal(auto.encoding, 'gb18030');
  assert.deepEqual(auto.batch.headers, ['code', 'title']);
  assert.equal(auto.sample[0][1], '张三的笔记第0行');
  // read as UTF-8 on request: the bytes are not UTF-8, so the cells are not the text
  const asUtf8 = await uploaded('gbk.csv', bytes, '?encoding=utf-8');
  assert.equal(asUtf8.encoding, 'utf-8');
  assert.notEqual(asUtf8.sample[0][1], '张三的笔记第0行');
  const chosen = await uploaded('gbk.csv', bytes, '?encoding=gb18030');
  assert.equal(chosen.sample[1][1], 'Café à la crème第1行');
  const byCode = await imported('gbk.csv', bytes, ['G-2999']);
  assert.equal(byCode.get('G-2999')?.values.title, `${GB_TEXT[2]}第2999行`);
  const bad = await upload('gbk.csv', bytes, '?encoding=latin1');
  assert.equal(bad.statusCode, 400);
});

test('a UTF-8 CSV whose characters fall across chunk boundaries is read whole', async () => {
  const rows = ['code,title', ...Array.from({ length: 5000 }, (_, i) => `C-${i},中文字符第${i}行`)];
  const result = await uploaded('utf8.csv', rows.join('\n'));
  assert.equal(result.batch.total, 5000);
  const res = await call(made.app, 'GET', `/api/v1/imports/${result.batch.id}/rows?pageSize=100&current=40`, { cookie });
  const page = json<{ data: { raw: string[] }[] }>(res).data;
  assert.equal(page.length, 100);
  for (const row of page) assert.match(row.raw[1], /^中文字符第\d+行$/);
});

test('an XLSX whose Chinese text falls across chunk boundaries is read whole (shared and inline strings)', async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Notes');
  ws.addRow(['code', 'title']);
  for (let i = 0; i < 5000; i += 1) ws.addRow([`X-${i}`, `中文字符第${i}行`]);
  const shared = Buffer.from(await wb.xlsx.writeBuffer());
  const inlineBook = await xlsxOf({
    *sheetData() {
      yield `<row r="1">${inline('A1', 'code')}${inline('B1', 'title')}</row>`;
      for (let i = 0; i < 5000; i += 1) yield `<row r="${i + 2}">${inline(`A${i + 2}`, `X-${i}`)}${inline(`B${i + 2}`, `中文字符第${i}行`)}</row>`;
    },
  });
  for (const content of [shared, inlineBook]) {
    const result = await uploaded('chinese.xlsx', content);
    assert.equal(result.batch.total, 5000);
    assert.equal(result.encoding, null);
    for (const current of [1, 25, 50]) {
      const res = await call(made.app, 'GET', `/api/v1/imports/${result.batch.id}/rows?pageSize=100&current=${current}`, { cookie });
      const page = json<{ data: { raw: string[] }[] }>(res).data;
      assert.equal(page.length, 100);
      for (const row of page) assert.match(row.raw[1], /^中文字符第\d+行$/);
    }
  }
});

test('a NUL character in a cell is a 400 naming the row and column, never a 5xx', async () => {
  const r = await refused('nul.csv', 'code,title\nN-1,fine\nN-2,bad\u0000cell\n');
  assert.equal(r.status, 400, r.message);
  assert.equal(r.field, 'file');
  assert.equal(r.message, 'The cell at row 3, column “title” holds a NUL character (U+0000), which cannot be stored; the file may be in another encoding');
  const j = await refused('nul.json', '[{"code":"N-1","title":"a\\u0000b"}]');
  assert.equal(j.status, 400, j.message);
  assert.equal(j.field, 'file');
  assert.match(j.message, /row 1, column “title” holds a NUL character/);
  // a key is no cell of its row: the item that brings it is named, the column is not
  const key = await refused('nul-key.json', '[{"code":"N-1"},{"ti\\u0000tle":"x"}]');
  assert.equal(key.status, 400, key.message);
  assert.match(key.message, /row 2, column \? holds a NUL character/);
});

test('a CSV with a 60 MiB cell is refused naming the 1 MiB cap, memory stays bounded and /health answers meanwhile', async () => {
  const content = await prepare('big.csv', Buffer.concat([Buffer.from('code,title\nBIG-1,'), Buffer.alloc(60 * MiB, 'a'), Buffer.from('\n')]));
  const { result, healthMs, rssGrowth } = await measured(() => refused('big.csv', content));
  console.log(`60 MiB one-cell CSV: ${result.status} in ${Math.round(result.ms)} ms, RSS +${Math.round(rssGrowth / MiB)} MB, longest /health ${Math.round(healthMs)} ms`);
  assert.equal(result.status, 400, result.message);
  assert.equal(result.field, 'file');
  assert.equal(result.message, 'The cell at row 2, column 2 is larger than 1 MiB');
  assert.ok(rssGrowth < 400 * MiB, `RSS grew ${Math.round(rssGrowth / MiB)} MB`);
  assert.ok(healthMs < 1000, `/health waited ${Math.round(healthMs)} ms`);
});

test('a CSV row larger than the row cap, or wider than 200 columns, is refused', async () => {
  const wide = await refused('wide.csv', `code,title\nW-1,${'x,'.repeat(300)}x\n`);
  assert.equal(wide.status, 400, wide.message);
  assert.equal(wide.field, 'file');
  assert.equal(wide.message, 'A file may hold at most 200 columns');
  const cells = Array.from({ length: 20 }, () => 'y'.repeat(900 * 1024)).join(',');
  const long = await refused('long.csv', `code,title\nL-1,${cells}\n`);
  assert.equal(long.status, 400, long.message);
  assert.equal(long.field, 'file');
  assert.equal(long.message, 'Row 2 is larger than 8 MiB');
});

test('a JSON file with a 60 MiB string is refused naming the cap', async () => {
  const content = await prepare('big.json', Buffer.concat([Buffer.from('[{"code":"J-1","title":"'), Buffer.alloc(60 * MiB, 'a'), Buffer.from('"}]')]));
  const { result, rssGrowth } = await measured(() => refused('big.json', content));
  console.log(`60 MiB JSON string: ${result.status} in ${Math.round(result.ms)} ms, RSS +${Math.round(rssGrowth / MiB)} MB`);
  assert.equal(result.status, 400, result.message);
  assert.equal(result.field, 'file');
  assert.match(result.message, /^The cell at row 1(, column “title”)? is larger than 1 MiB$/);
});

/** `times` copies of `piece`, yielded in blocks of about 1 MiB (a highly compressible part). */
function* repeated(piece: string, times: number): Generator<string> {
  const per = Math.max(1, Math.floor(MiB / piece.length));
  const block = piece.repeat(per);
  for (let left = times; left > 0; left -= per) yield left >= per ? block : piece.repeat(left);
}

test('an XLSX bomb whose sheet holds 30 million rows is refused with the 200,000-row limit', async () => {
  const t0 = performance.now();
  const bomb = await xlsxOf({
    *sheetData() {
      yield `<row r="1">${inline('A1', 'code')}</row>`;
      yield* repeated('<row r="2"><c r="A2"><v>1</v></c></row>', 30_000_000);
    },
  });
  console.log(`30M-row XLSX: ${bomb.length} bytes, built in ${Math.round(performance.now() - t0)} ms`);
  const body = await prepare('bomb.xlsx', bomb);
  const { result, rssGrowth, healthMs } = await measured(() => refused('bomb.xlsx', body));
  console.log(`30M-row XLSX: ${result.status} in ${Math.round(result.ms)} ms, RSS +${Math.round(rssGrowth / MiB)} MB, longest /health ${Math.round(healthMs)} ms`);
  assert.equal(result.status, 413, result.message);
  assert.equal(result.field, 'file');
  assert.equal(result.message, 'A file may hold at most 200000 rows');
  // counted while the sheet is set aside (it was first written whole to a temporary file: 54–56 s)
  assert.ok(result.ms < 15_000, `refused after ${Math.round(result.ms)} ms`);
});

test('an XLSX whose shared strings come before the sheet is streamed: read, and a 30-million-row bomb refused', async () => {
  const small = await xlsxOf({
    sharedStringsFirst: true,
    *sharedStrings() {
      yield '<si><t>code</t></si><si><t>title</t></si><si><t>张三的笔记</t></si>';
    },
    *sheetData() {
      yield '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>';
      yield `<row r="2">${inline('A2', 'S-1')}<c r="B2" t="s"><v>2</v></c></row>`;
    },
  });
  const read = await uploaded('first.xlsx', small);
  assert.deepEqual(read.batch.headers, ['code', 'title']);
  assert.deepEqual(read.sample, [['S-1', '张三的笔记']]);
  const bomb = await xlsxOf({
    sharedStringsFirst: true,
    *sharedStrings() {
      yield '<si><t>code</t></si>';
    },
    *sheetData() {
      yield '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
      yield* repeated('<row r="2"><c r="A2"><v>1</v></c></row>', 30_000_000);
    },
  });
  const r = await refused('bomb-first.xlsx', bomb);
  console.log(`30M-row XLSX, shared strings first: ${r.status} in ${Math.round(r.ms)} ms`);
  assert.equal(r.status, 413, r.message);
  assert.equal(r.message, 'A file may hold at most 200000 rows');
});

test('an XLSX with a huge cell, shared or inline, is refused naming the cap', async () => {
  const shared = await xlsxOf({
    *sheetData() {
      yield `<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>`;
    },
    *sharedStrings() {
      yield '<si><t>code</t></si><si><t>';
      yield* repeated('z', 256 * MiB);
      yield '</t></si>';
    },
  });
  const sharedBody = await prepare('shared.xlsx', shared);
  const s = await measured(() => refused('shared.xlsx', sharedBody));
  console.log(`256 MiB shared string: ${s.result.status} in ${Math.round(s.result.ms)} ms, RSS +${Math.round(s.rssGrowth / MiB)} MB`);
  assert.equal(s.result.status, 400, s.result.message);
  assert.equal(s.result.field, 'file');
  assert.equal(s.result.message, 'The workbook holds a text larger than 1 MiB (shared string 2)');
  const big = await xlsxOf({
    *sheetData() {
      yield `<row r="1">${inline('A1', 'code')}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`;
      yield* repeated('z', 256 * MiB);
      yield '</t></is></c></row>';
    },
  });
  const bigBody = await prepare('inline.xlsx', big);
  const i = await measured(() => refused('inline.xlsx', bigBody));
  console.log(`256 MiB inline cell: ${i.result.status} in ${Math.round(i.result.ms)} ms, RSS +${Math.round(i.rssGrowth / MiB)} MB`);
  assert.equal(i.result.status, 400, i.result.message);
  assert.equal(i.result.field, 'file');
  assert.equal(i.result.message, 'Row 2 is larger than 8 MiB');
  // a cell over 1 MiB in a row under the row cap: the cell cap, naming the column
  const cell = await xlsxOf({
    *sheetData() {
      yield `<row r="1">${inline('A1', 'code')}${inline('B1', 'title')}</row><row r="2">${inline('A2', 'X-1')}${inline('B2', 'w'.repeat(2 * MiB))}</row>`;
    },
  });
  const c = await refused('cell.xlsx', cell);
  assert.equal(c.status, 400, c.message);
  assert.equal(c.field, 'file');
  assert.equal(c.message, 'The cell at row 2, column “title” is larger than 1 MiB');
});

test('an XLSX whose shared strings expand past the cap is refused naming the part', async () => {
  const many = await xlsxOf({
    *sheetData() {
      yield `<row r="1"><c r="A1" t="s"><v>0</v></c></row>`;
    },
    *sharedStrings() {
      yield '<si><t>code</t></si>';
      yield* repeated(`<si><t>${'q'.repeat(1000)}</t></si>`, 120_000);
    },
  });
  const r = await refused('many.xlsx', many);
  assert.equal(r.status, 400, r.message);
  assert.equal(r.field, 'file');
  assert.equal(r.message, 'The workbook’s part xl/sharedStrings.xml is larger than 100 MiB once unzipped');
});
