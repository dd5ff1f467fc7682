/**
 * The caps an upload is read under (contracts/constants.ts: IMPORT_MAX_CELL_CHARS,
 * IMPORT_MAX_ROW_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS and the XLSX part caps) and the
 * refusals that name them. Readers throw a LimitBreach (they know the row and the column's
 * position, not its name); readRows turns it into the HttpError naming the column by its header.
 */
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS, IMPORT_MAX_ROWS, type MessageKey } from '../../../../contracts';
import { HttpError } from '../../lib/http-error';

/** A size in bytes or characters as people read it: '1 MiB', '100 MiB', '1 GiB', '900 KiB'. */
export function sizeText(n: number): string {
  if (n >= 1024 ** 3 && n % 1024 ** 3 === 0) return `${n / 1024 ** 3} GiB`;
  if (n >= 1024 ** 2 && n % 1024 ** 2 === 0) return `${n / 1024 ** 2} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} B`;
}

/** A 400/413 naming `file` with the message's params in both the error and its detail. */
export function fileRefusal(status: number, messageKey: MessageKey, params: Record<string, string | number>): HttpError {
  return new HttpError(status, 'BAD_REQUEST', messageKey, [{ field: 'file', messageKey, params }], { params });
}

/**
 * What a reader found over a cap, where (row: the file's row number — CSV/XLSX: header = 1, JSON:
 * the first item = 1; column: 0-based position, or the column's name when the reader knows it and
 * not its position: JSON's keys; '?' unknown).
 */
export type Breach =
  | { kind: 'cell'; row: number; column: number | string }
  | { kind: 'nul'; row: number; column: number | string }
  | { kind: 'row'; row: number }
  | { kind: 'columns' }
  | { kind: 'rows' }
  | { kind: 'sharedString'; index: number; limit: number }
  | { kind: 'part'; part: string; limit: number }
  | { kind: 'unzipped'; limit: number };

/** Thrown by the readers; readRows answers it as the HttpError `toHttpError` makes. */
export class LimitBreach extends Error {
  constructor(readonly breach: Breach) {
    super(`import limit: ${breach.kind}`);
    this.name = 'LimitBreach';
  }
}

/**
 * A column as the messages name it: “header” when the header is known (and the row is not the
 * header's own: rows after `headerRow`), else its number.
 */
function columnText(header: readonly string[], row: number, column: number | string, headerRow: number): string {
  if (column === '?') return column;
  const name = typeof column === 'string' ? column : row > headerRow ? header[column]?.trim() : undefined;
  if (typeof column === 'string' && !name) return '?';
  return name ? `“${name.length > 100 ? `${name.slice(0, 100)}…` : name}”` : String(Number(column) + 1);
}

/**
 * The refusal of a breach: 400 naming `file` (413 errors.import.tooManyRows for the rows), with
 * the cap named (errors.import.cellTooLarge / rowTooLarge / nul / tooManyColumns / textTooLarge /
 * partTooLarge / unzippedTooLarge). `headerRow`: the row number of the header (1 for CSV/XLSX; 0
 * for JSON, whose items are numbered from 1 and whose keys are no row).
 */
export function toHttpError(b: Breach, header: readonly string[], headerRow = 1): HttpError {
  switch (b.kind) {
    case 'cell':
      return fileRefusal(400, 'errors.import.cellTooLarge', { row: b.row, column: columnText(header, b.row, b.column, headerRow), limit: sizeText(IMPORT_MAX_CELL_CHARS) });
    case 'nul':
      return fileRefusal(400, 'errors.import.nul', { row: b.row, column: columnText(header, b.row, b.column, headerRow) });
    case 'row':
      return fileRefusal(400, 'errors.import.rowTooLarge', { row: b.row, limit: sizeText(IMPORT_MAX_ROW_CHARS) });
    case 'columns':
      return fileRefusal(400, 'errors.import.tooManyColumns', { n: IMPORT_MAX_COLUMNS });
    case 'rows':
      return fileRefusal(413, 'errors.import.tooManyRows', { n: IMPORT_MAX_ROWS });
    case 'sharedString':
      return fileRefusal(400, 'errors.import.textTooLarge', { index: b.index, limit: sizeText(b.limit) });
    case 'part':
      return fileRefusal(400, 'errors.import.partTooLarge', { part: b.part.slice(0, 200), limit: sizeText(b.limit) });
    case 'unzipped':
      return fileRefusal(400, 'errors.import.unzippedTooLarge', { limit: sizeText(b.limit) });
  }
}

// a UTF-16 surrogate without its pair (JSON's "\ud800"): PostgreSQL refuses it in jsonb
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Checks the cells of row `row` (the file's row number) as they are staged: each at most
 * IMPORT_MAX_CELL_CHARS, together at most IMPORT_MAX_ROW_CHARS, none holding U+0000 (PostgreSQL
 * refuses it in text and jsonb). A lone surrogate becomes U+FFFD, as a decoder makes of bytes it
 * cannot read (`cells` is changed in place). @throws LimitBreach.
 */
export function checkCells(cells: string[], row: number): void {
  let total = 0;
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i];
    if (cell.length > IMPORT_MAX_CELL_CHARS) throw new LimitBreach({ kind: 'cell', row, column: i });
    total += cell.length;
    if (cell.includes('\u0000')) throw new LimitBreach({ kind: 'nul', row, column: i });
    LONE_SURROGATE.lastIndex = 0;
    if (LONE_SURROGATE.test(cell)) cells[i] = cell.replace(LONE_SURROGATE, '\uFFFD');
  }
  if (total > IMPORT_MAX_ROW_CHARS) throw new LimitBreach({ kind: 'row', row });
}
