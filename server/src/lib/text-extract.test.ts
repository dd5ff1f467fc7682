/**
 * lib/text-extract.ts: a hand-built PDF with a text object, a DOCX built with pizzip (Chinese
 * text), UTF-8 text, and the kinds it leaves alone or cannot read.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tinyDocx, tinyPdf } from '../modules/documents/documents.fixtures';
import { extractKind, extractText } from './text-extract';

test('text-extract: PDF, DOCX with Chinese, UTF-8 text; other kinds and broken files', async () => {
  const pdf = await extractText(tinyPdf('Audit evidence 2026'), 'application/pdf', 'e.pdf');
  assert.equal(pdf.state, 'done');
  assert.match(pdf.text ?? '', /Audit evidence 2026/);

  const docx = await extractText(tinyDocx(['审计证据 第一段', 'Second paragraph']), 'application/octet-stream', 'memo.docx');
  assert.equal(docx.state, 'done');
  assert.match(docx.text ?? '', /审计证据 第一段/);
  assert.match(docx.text ?? '', /Second paragraph/);

  assert.deepEqual(await extractText(Buffer.from('\uFEFFa,b\n重要性,1\n'), 'text/csv', 'x.csv'), { state: 'done', text: 'a,b\n重要性,1\n' });
  assert.deepEqual(await extractText(Buffer.from([1, 2, 3]), 'image/png', 'x.png'), { state: 'none', text: null });
  assert.equal((await extractText(Buffer.from('%PDF-1.4 garbage'), 'application/pdf', 'bad.pdf')).state, 'failed');
  assert.equal((await extractText(Buffer.from('not a zip'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'bad.docx')).state, 'failed');
  assert.equal(extractKind('text/plain', 'notes'), 'text');
  assert.equal(extractKind('application/octet-stream', 'README.MD'), 'text');
});
