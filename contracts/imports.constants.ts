/**
 * Import and export of records (contracts/imports.ts): the module's plain constants and its audit
 * actions (its server messages: contracts/imports.messages.ts). No zod: the web imports them at run
 * time, through contracts/constants.ts, which re-exports this file and gathers the entry
 * `IMPORTS_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES
 * (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** How long an import never run (uploaded, checked or failed) is kept before it is removed (days). */
export const IMPORT_ABANDONED_DAYS = 7;
/** Most rows one file may hold (a larger file is refused with 413 naming `file`). */
export const IMPORT_MAX_ROWS = 200_000;
/** Most columns one file may hold. */
export const IMPORT_MAX_COLUMNS = 200;
/**
 * Largest CSV, XLSX or JSON file, bytes. Every format streams (papaparse, exceljs, stream-json):
 * memory does not grow with the file.
 */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Largest cell of an imported file, characters (1 MiB = 1,048,576). The largest value a field
 * stores is a long text's 100,000 characters: a cell ten times that still reaches validation (and
 * gets a row error naming the field), while a cell past it is refused while the file streams, so
 * one cell cannot hold the upload's memory (a 60 MiB CSV cell took 1 GB of RSS).
 */
export const IMPORT_MAX_CELL_CHARS = 1024 * 1024;
/**
 * Largest row of an imported file, characters (8 MiB): 80 long texts at their 100,000-character
 * maximum. The CSV reader holds one unfinished row at a time; this bounds it.
 */
export const IMPORT_MAX_ROW_CHARS = 8 * 1024 * 1024;
/**
 * Most bytes an XLSX file's parts may expand to once unzipped, all parts together (1 GiB, ten
 * times IMPORT_MAX_BYTES: a workbook zips its XML about 5–10 times). A zip bomb stops there.
 */
export const IMPORT_XLSX_MAX_UNZIPPED = 1024 * 1024 * 1024;
/**
 * Most bytes an XLSX file's shared strings (xl/sharedStrings.xml, held in memory while the sheet
 * is read) may expand to (100 MiB, the text of the largest CSV file allowed).
 */
export const IMPORT_XLSX_MAX_SHARED_STRINGS = 100 * 1024 * 1024;
/** Most bytes any other part an XLSX import parses (workbook, relationships, styles) may expand to (10 MiB). */
export const IMPORT_XLSX_MAX_PART = 10 * 1024 * 1024;
/**
 * The text encodings an import may be read in: 'auto' detects it (a byte-order mark, else UTF-8
 * unless the bytes are not UTF-8 and are GB18030); 'utf-16' is little-endian unless a byte-order
 * mark says big-endian.
 */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16', 'gb18030'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
/** The encoding a text file (CSV, JSON) was read in. */
export const IMPORT_TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030'] as const;
export type ImportTextEncoding = (typeof IMPORT_TEXT_ENCODINGS)[number];

/** Audit actions written by the module: `<resource>.<verb>`. */
export const IMPORTS_MODULE = {
  auditActions: ['import.upload', 'import.run', 'import.undo', 'import.delete'],
} as const satisfies ModuleEntry;
