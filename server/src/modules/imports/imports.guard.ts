/**
 * Guards in front of the CSV and JSON parsers: they look at the text as it streams and refuse a
 * cell, a row or a row's columns past the caps before the parser holds them (LimitBreach).
 *
 * Why: papaparse's stream keeps the unfinished row of every chunk (`_partialLine`) and parses it
 * again, whole, with the next chunk: a 60 MiB cell without a line break grew to 1 GB of RSS and
 * held the event loop for seconds. stream-json assembles a string token whole before it is seen.
 * The guards are not parsers: they follow just enough (papaparse's quoting rule; JSON's strings
 * and nesting) to know where a cell and a row start and how long they are. papaparse and
 * stream-json still parse every byte; a guard that misjudged could only refuse early or hand
 * papaparse a row in two parts, which papaparse joins as before.
 */
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS } from '../../../../contracts';
import { LimitBreach } from './imports.limits';

const QUOTE = 0x22;
/** What may end a run of a JSON string's characters: its closing quote or an escape. */
const STRING_SPECIAL = /["\\]/g;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;

const enum At {
  /** the first character of a field */
  FieldStart,
  Unquoted,
  Quoted,
  /** a quote inside a quoted field: doubled (escaped), closing, or a stray quote (papaparse keeps it) */
  AfterQuote,
  /** spaces after such a quote: papaparse closes the field when a delimiter or line break follows */
  AfterQuoteSpaces,
}

/**
 * Follows CSV text chunk by chunk with papaparse's rules (a field is quoted when it starts with
 * `"`; inside, `""` is a quote and `"` closes the field only when spaces, then the delimiter or
 * the line break follow), and hands on the text up to the last row it saw end, holding the rest
 * (papaparse then never holds an unfinished row: each chunk is parsed once). Refuses
 * (LimitBreach) a cell over IMPORT_MAX_CELL_CHARS, a row over IMPORT_MAX_ROW_CHARS or over
 * IMPORT_MAX_COLUMNS fields. Rows are numbered as the import numbers them: the rows holding
 * something other than white space (papaparse's skipEmptyLines 'greedy'), the header row 1.
 */
export class CsvGuard {
  private at = At.FieldStart;
  /** a CR of a CRLF line break was the last character of the previous chunk */
  private pendingCr = false;
  private spaces = 0;
  private field = 0;
  private record = 0;
  private fields = 0;
  private content = false;
  private rows = 0;
  private held: string[] = [];
  private readonly delim: number;
  private readonly crlf: boolean;
  private readonly lineEnd: number;
  /** The characters that may end an unquoted field: the delimiter, CR, LF. */
  private readonly special: RegExp;

  /** `delimiter`: one character; `linebreak`: '\n', '\r' or '\r\n' (papaparse's guesses, see csvRows). */
  constructor(delimiter: string, linebreak: string) {
    this.delim = delimiter.charCodeAt(0);
    this.crlf = linebreak === '\r\n';
    this.lineEnd = linebreak === '\r' ? CR : LF;
    this.special = new RegExp(`[\\u${this.delim.toString(16).padStart(4, '0')}\\r\\n]`, 'g');
  }

  private fieldEnd(): void {
    this.fields += 1;
    if (this.fields > IMPORT_MAX_COLUMNS) throw new LimitBreach({ kind: 'columns' });
    this.field = 0;
    this.spaces = 0;
    this.at = At.FieldStart;
  }

  /** A CR (of a CRLF file) that ended the previous chunk and turned out not to start a line break: a character of the field. */
  private plainCr(): void {
    if (this.at === At.AfterQuote || this.at === At.AfterQuoteSpaces) {
      for (let k = 0; k <= this.spaces; k += 1) this.cellChar(QUOTE);
      this.spaces = 0;
      this.at = At.Quoted;
    } else this.at = At.Unquoted;
    this.cellChar(CR);
  }

  private recordEnd(): void {
    this.fieldEnd();
    if (this.content) this.rows += 1;
    this.content = false;
    this.fields = 0;
    this.record = 0;
  }

  private cellChar(c: number): void {
    this.field += 1;
    if (c > SPACE) this.content = true;
    if (this.field > IMPORT_MAX_CELL_CHARS) throw new LimitBreach({ kind: 'cell', row: this.rows + 1, column: this.fields });
  }

  /**
   * One character outside quotes that is neither a delimiter nor a line break start: true when it
   * ends the row (the LF of a CRLF whose CR came before).
   */
  private isLineEnd(c: number, s: string, i: number): 'end' | 'cr' | false {
    if (this.crlf) {
      if (c !== CR) return false;
      if (i + 1 >= s.length) return 'cr';
      return s.charCodeAt(i + 1) === LF ? 'end' : false;
    }
    return c === this.lineEnd ? 'end' : false;
  }

  /** Characters s[from, to) of a field, none of them a quote, delimiter or line break: counted at once. */
  private run(s: string, from: number, to: number): void {
    const n = to - from;
    this.field += n;
    this.record += n;
    if (!this.content) for (let k = from; k < to && !this.content; k += 1) if (s.charCodeAt(k) > SPACE) this.content = true;
    if (this.field > IMPORT_MAX_CELL_CHARS) throw new LimitBreach({ kind: 'cell', row: this.rows + 1, column: this.fields });
    if (this.record > IMPORT_MAX_ROW_CHARS) throw new LimitBreach({ kind: 'row', row: this.rows + 1 });
  }

  /** The text of `s` (and of the chunks held before) up to its last complete row; '' when none ended. */
  feed(s: string): string {
    let cut = -1;
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (s.charCodeAt(0) === LF) {
        this.recordEnd();
        cut = 1;
        i = 1;
      } else this.plainCr();
    }
    while (i < s.length) {
      // the characters of a field up to the next one that may end it: counted without the state machine
      let to = i;
      if (this.at === At.Quoted) {
        to = s.indexOf('"', i);
        if (to === -1) to = s.length;
      } else if (this.at === At.Unquoted) {
        this.special.lastIndex = i;
        to = this.special.exec(s)?.index ?? s.length;
      }
      if (to > i) {
        this.run(s, i, to);
        i = to;
        if (i >= s.length) break;
      }
      const c = s.charCodeAt(i);
      this.record += 1;
      if (this.record > IMPORT_MAX_ROW_CHARS) throw new LimitBreach({ kind: 'row', row: this.rows + 1 });
      const ended = this.char(c, s, i);
      if (ended === 'end') {
        if (this.crlf) i += 1; // the LF
        cut = i + 1;
      } else if (ended === 'cr') {
        this.pendingCr = true;
      }
      i += 1;
    }
    if (cut < 0) {
      this.held.push(s);
      return '';
    }
    const out = this.held.length ? this.held.join('') + s.slice(0, cut) : s.slice(0, cut);
    this.held = cut < s.length ? [s.slice(cut)] : [];
    return out;
  }

  /** Whatever is held at the end of the text (its last row, without a line break). */
  end(): string {
    const out = this.held.join('') + (this.pendingCr ? '\r' : '');
    this.held = [];
    return out;
  }

  /** A character of an unquoted field (or the delimiter or line break after it). */
  private unquoted(c: number, s: string, i: number): 'end' | 'cr' | undefined {
    if (c === this.delim) {
      this.fieldEnd();
      return undefined;
    }
    const end = this.isLineEnd(c, s, i);
    if (end === 'end') {
      this.recordEnd();
      return 'end';
    }
    if (end === 'cr') return 'cr';
    this.cellChar(c);
    return undefined;
  }

  /** One character: 'end' when it ends a row, 'cr' when a CRLF's CR ends the chunk. */
  private char(c: number, s: string, i: number): 'end' | 'cr' | undefined {
    switch (this.at) {
      case At.FieldStart:
        if (c === QUOTE) {
          this.at = At.Quoted;
          return undefined;
        }
        this.at = At.Unquoted;
        return this.unquoted(c, s, i);
      case At.Unquoted:
        return this.unquoted(c, s, i);
      case At.Quoted:
        if (c === QUOTE) this.at = At.AfterQuote;
        else this.cellChar(c);
        return undefined;
      case At.AfterQuote:
      case At.AfterQuoteSpaces: {
        if (c === QUOTE && this.at === At.AfterQuote) {
          this.cellChar(c); // "" is a quote
          this.at = At.Quoted;
          return undefined;
        }
        if (c === SPACE) {
          this.spaces += 1;
          this.at = At.AfterQuoteSpaces;
          return undefined;
        }
        if (c === this.delim) {
          this.spaces = 0;
          this.fieldEnd();
          return undefined;
        }
        const end = this.isLineEnd(c, s, i);
        if (end === 'end') {
          this.spaces = 0;
          this.recordEnd();
          return 'end';
        }
        if (end === 'cr') return 'cr';
        // a stray quote: papaparse keeps it (and the spaces) in the field and goes on looking for the closing one
        for (let k = 0; k <= this.spaces; k += 1) this.cellChar(QUOTE);
        this.spaces = 0;
        this.cellChar(c);
        this.at = At.Quoted;
        return undefined;
      }
    }
  }
}

/**
 * Follows JSON text chunk by chunk (strings with their escapes, nesting) and refuses
 * (LimitBreach) a string longer than 6 × IMPORT_MAX_CELL_CHARS characters as written (a character
 * may be written as a 6-character \uXXXX escape; the exact cap is checked on the value,
 * checkCells) or an item of the top-level array longer than 2 × IMPORT_MAX_ROW_CHARS. An item is
 * row (its index + 1: JSON items are numbered from 1); a string's column is the key it is the value
 * of (keys of up to 200 characters are kept; '?' otherwise). When the top level is an object (the
 * rows are an array under one of its keys, imports.parse.ts), an item is a value of an array under
 * one of its keys, numbered from 1 in each array.
 */
export class JsonGuard {
  private depth = 0;
  /** The depth inside which items sit: 1 for a top-level array, 2 for arrays under a top-level object's keys. */
  private base = 0;
  /** Whether the container at depth `base` is an array (only an array's values are items). */
  private itemsHere = false;
  private inString = false;
  private escape = false;
  private string = 0;
  private item = 0;
  private items = 0;
  private expectKey = false;
  private key: string[] | null = null;
  private lastKey = '';

  /** Checks `s`; answers it unchanged. */
  feed(s: string): string {
    for (let i = 0; i < s.length; i += 1) {
      if (this.inString && !this.escape) {
        // the characters of a string up to its next quote or backslash: counted at once
        STRING_SPECIAL.lastIndex = i;
        const to = STRING_SPECIAL.exec(s)?.index ?? s.length;
        if (to > i) {
          const n = to - i;
          if (this.key && this.string < 200) this.key.push(s.slice(i, Math.min(to, i + 200 - this.string)));
          this.string += n;
          if (this.depth > this.base) this.item += n;
          if (this.string > 6 * IMPORT_MAX_CELL_CHARS) throw new LimitBreach({ kind: 'cell', row: this.items, column: this.columnOf() });
          if (this.item > 2 * IMPORT_MAX_ROW_CHARS) throw new LimitBreach({ kind: 'row', row: this.items });
          i = to;
          if (i >= s.length) break;
        }
      }
      const c = s.charCodeAt(i);
      if (this.base > 0 && this.depth > this.base) {
        this.item += 1;
        if (this.item > 2 * IMPORT_MAX_ROW_CHARS) throw new LimitBreach({ kind: 'row', row: this.items });
      }
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === 0x5c) this.escape = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.key) {
            this.lastKey = this.key.join('');
            this.key = null;
          }
          continue;
        }
        if (this.key && this.string < 200) this.key.push(s[i]);
        this.string += 1;
        if (this.string > 6 * IMPORT_MAX_CELL_CHARS) throw new LimitBreach({ kind: 'cell', row: this.items, column: this.columnOf() });
        continue;
      }
      switch (c) {
        case QUOTE:
          this.inString = true;
          this.string = 0;
          if (this.depth === this.base && this.itemsHere) this.startItem();
          this.key = this.depth === this.base + 1 && this.expectKey ? [] : null;
          break;
        case 0x5b: // [
        case 0x7b: // {
          if (this.depth === 0 && this.base === 0) this.base = c === 0x7b ? 2 : 1;
          if (this.depth === this.base && this.itemsHere) this.startItem();
          if (this.depth === this.base - 1) {
            // a new container of items: an array's items are numbered from 1 again
            this.itemsHere = c === 0x5b;
            this.items = 0;
          }
          this.depth += 1;
          if (this.depth === this.base + 1) this.expectKey = c === 0x7b;
          break;
        case 0x5d: // ]
        case 0x7d: // }
          this.depth -= 1;
          break;
        case 0x3a: // :
          if (this.depth === this.base + 1) this.expectKey = false;
          break;
        case 0x2c: // ,
          if (this.depth === this.base + 1) this.expectKey = true;
          break;
        default:
          break;
      }
    }
    return s;
  }

  private startItem(): void {
    this.items += 1;
    this.item = 0;
    this.lastKey = '';
  }

  /** The current string's column: the key it is the value of (a string, named as it is), '?' when unknown. */
  private columnOf(): string {
    return this.key || !this.lastKey ? '?' : this.lastKey;
  }
}
