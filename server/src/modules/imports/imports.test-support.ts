/**
 * Files for the import tests: text in UTF-16 and GB18030 (Node encodes neither), and XLSX files
 * built part by part (the workbook's XML written by the test, zipped by archiver — exceljs's own
 * zip writer — so a part may expand to GiB from a few MB).
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

/** `text` in UTF-16 with its byte-order mark (LE as Excel's "Unicode text", or BE). */
export function utf16Bytes(text: string, order: 'le' | 'be'): Buffer {
  const le = Buffer.from('\uFEFF' + text, 'utf16le');
  return order === 'le' ? le : le.swap16();
}

let gbTable: Map<string, Buffer> | undefined;
/**
 * `text` in GB18030: ASCII as is, every other character by its two-byte GBK code (the table is
 * made by decoding every two-byte code with TextDecoder('gb18030')). @throws when a character has
 * no two-byte code.
 */
export function gb18030Bytes(text: string): Buffer {
  if (!gbTable) {
    gbTable = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length >= 1 && ch !== '\uFFFD' && !gbTable.has(ch)) gbTable.set(ch, Buffer.from([lead, trail]));
      }
    }
  }
  const out: Buffer[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(Buffer.from(ch, 'latin1'));
    else {
      const b = gbTable.get(ch);
      if (!b) throw new Error(`no GBK code for ${ch}`);
      out.push(b);
    }
  }
  return Buffer.concat(out);
}

/** archiver's ZIP writer, as far as these tests use it. */
interface ZipWriter {
  on(event: 'data', listener: (chunk: Buffer) => void): ZipWriter;
  on(event: 'end', listener: () => void): ZipWriter;
  on(event: 'error', listener: (e: Error) => void): ZipWriter;
  append(source: Readable | string, data: { name: string }): ZipWriter;
  finalize(): Promise<void>;
}
// archiver is exceljs's dependency (its XLSX writer): resolved from there, not declared by the project
const archiver = createRequire(require.resolve('exceljs'))('archiver') as (format: 'zip', options: { zlib: { level: number } }) => ZipWriter;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An XLSX file of one worksheet: `sheetData` yields the XML inside <sheetData>, `sharedStrings`
 * the XML inside <sst> (no part when absent). The parts are in the order Excel writes them: the
 * worksheet before the shared strings. Deflate level 1 (a 1 GiB part of repeated rows zips to a
 * few MB in seconds).
 */
export async function xlsxOf(parts: {
  sheetData: () => Iterable<string>;
  sharedStrings?: () => Iterable<string>;
  /** the shared strings before the worksheet (as some writers order them; exceljs then streams the sheet) */
  sharedStringsFirst?: boolean;
}): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: 1 } });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    zip.on('data', (c) => chunks.push(c));
    zip.on('end', resolve);
    zip.on('error', reject);
  });
  const types = parts.sharedStrings
    ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
    : '';
  zip.append(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${types}</Types>`,
    { name: '[Content_Types].xml' },
  );
  zip.append(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    { name: '_rels/.rels' },
  );
  zip.append(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`, {
    name: 'xl/workbook.xml',
  });
  const ssRel = parts.sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '';
  zip.append(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${ssRel}</Relationships>`,
    { name: 'xl/_rels/workbook.xml.rels' },
  );
  const sheetData = parts.sheetData;
  const sheet = () =>
    zip.append(
      Readable.from(
        (function* () {
          yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
          yield* sheetData();
          yield '</sheetData></worksheet>';
        })(),
      ),
      { name: 'xl/worksheets/sheet1.xml' },
    );
  const sharedStrings = parts.sharedStrings;
  const strings = () =>
    sharedStrings &&
    zip.append(
      Readable.from(
        (function* () {
          yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`;
          yield* sharedStrings();
          yield '</sst>';
        })(),
      ),
      { name: 'xl/sharedStrings.xml' },
    );
  if (parts.sharedStringsFirst) {
    strings();
    sheet();
  } else {
    sheet();
    strings();
  }
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
