/**
 * A user pattern (contracts/user-pattern.ts: JavaScript syntax, whole-value match, run by RE2) as a
 * PostgreSQL regular expression, for the set-based evaluator of pattern rules (docs/rules.md "One
 * definition, two evaluators", "Patterns in SQL"). Only a small subset is translated, one that
 * means the same in both engines and that PostgreSQL matches in linear time; anything else answers
 * null and the run keeps re2js over the chunk's rows.
 *
 * The subset: literal characters of the Basic Multilingual Plane; `.` (any character but a line
 * feed, as RE2 reads it); character classes `[…]` / `[^…]` of characters, ranges and `\d` `\w`;
 * the escapes `\d` `\D` `\w` `\W` (ASCII, as RE2's), `\t` `\n` `\r` `\f` `\v` and an escaped
 * punctuation character; groups `(…)`, `(?:…)`, `(?<name>…)`; alternation `|`; the greedy
 * quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}` with bounds ≤ 255 (PostgreSQL's most). Not in it:
 * anchors, lazy quantifiers, `\s` `\b` and the other escapes, flags, lookarounds and backreferences
 * (which compileUserPattern refuses anyway).
 *
 * Why linear: the translation has no backreference, so PostgreSQL answers `~` with its DFA alone
 * (no backtracking); the DFA's size is bounded by the pattern's, which the caller keeps small (the
 * rule engine translates only patterns whose RE2 program is small enough to check the longest
 * value, `maxInput` = USER_PATTERN_INPUT_MAX). Every non-alphanumeric character is written as
 * `\uXXXX` (exactly four digits), so no character of the user's text is read by PostgreSQL as
 * syntax; classes name their characters and ranges by code point (no locale class like `\w` or
 * `[[:alpha:]]`), and the column is compared under collation "C".
 */

/** PostgreSQL's largest repeat count (RE_DUP_MAX). */
const DUP_MAX = 255;

class Unsupported extends Error {}

const DIGITS = '0-9';
const WORD = '0-9A-Za-z\\u005f';
const CONTROL: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/** One character as PostgreSQL ARE syntax: ASCII letters and digits as they are, anything else `\uXXXX`. */
function charOf(code: number): string {
  if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return String.fromCharCode(code);
  if (code >= 0xd800 && code <= 0xdfff) throw new Unsupported('surrogate');
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

const isPunctuation = (c: string) => /^[\^$\\.*+?()[\]{}|/\-,:=!<>#&~%@'"`;_ ]$/.test(c);

class Translator {
  private i = 0;
  constructor(private readonly src: string) {}

  run(): string {
    const out = this.alternation();
    if (this.i !== this.src.length) throw new Unsupported('trailing');
    return out;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(): string {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.i += 1;
      branches.push(this.sequence());
    }
    return branches.join('|');
  }

  private sequence(): string {
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      out += this.quantified(this.atom());
    }
    if (out === '') throw new Unsupported('empty branch');
    return out;
  }

  private quantified(atom: string): string {
    const c = this.peek();
    let q = '';
    if (c === '*' || c === '+' || c === '?') {
      this.i += 1;
      q = c;
    } else if (c === '{') {
      const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported('brace');
      const lo = Number(m[1]);
      const hi = m[2] === undefined ? lo : m[3] === '' ? undefined : Number(m[3]);
      if (lo > DUP_MAX || (hi !== undefined && (hi > DUP_MAX || hi < lo))) throw new Unsupported('bound');
      this.i += m[0].length;
      q = hi === undefined ? `{${lo},}` : hi === lo ? `{${lo}}` : `{${lo},${hi}}`;
    } else {
      return atom;
    }
    const next = this.peek();
    if (next === '?' || next === '*' || next === '+' || next === '{') throw new Unsupported('lazy or stacked quantifier');
    return atom + q;
  }

  private atom(): string {
    const c = this.src[this.i]!;
    if (c === '(') {
      this.i += 1;
      if (this.peek() === '?') {
        const named = /^\?<[A-Za-z_$][\w$]*>/.exec(this.src.slice(this.i));
        if (this.src.startsWith('?:', this.i)) this.i += 2;
        else if (named) this.i += named[0].length;
        else throw new Unsupported('group kind');
      }
      const inner = this.alternation();
      if (this.peek() !== ')') throw new Unsupported('unclosed group');
      this.i += 1;
      return `(?:${inner})`;
    }
    if (c === '[') return this.charClass();
    if (c === '.') {
      this.i += 1;
      return '[^\\u000a]';
    }
    if (c === '\\') return this.escape(false);
    if ('*+?{}^$]'.includes(c)) throw new Unsupported(c);
    const code = c.charCodeAt(0);
    this.i += 1;
    return charOf(code);
  }

  /** An escape at `\`: outside a class the atom, inside one the class's part (no brackets). */
  private escape(inClass: boolean): string {
    const e = this.src[this.i + 1];
    if (e === undefined) throw new Unsupported('trailing backslash');
    this.i += 2;
    if (e === 'd') return inClass ? DIGITS : `[${DIGITS}]`;
    if (e === 'w') return inClass ? WORD : `[${WORD}]`;
    if (!inClass && e === 'D') return `[^${DIGITS}]`;
    if (!inClass && e === 'W') return `[^${WORD}]`;
    if (e in CONTROL) return charOf(CONTROL[e]!);
    if (isPunctuation(e)) return charOf(e.charCodeAt(0));
    throw new Unsupported(`\\${e}`);
  }

  private charClass(): string {
    this.i += 1;
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i += 1;
    }
    const parts: string[] = [];
    /** A single character of the class at the cursor (its code), or null for `\d` / `\w` (pushed as is). */
    const single = (): number | null => {
      const c = this.src[this.i];
      if (c === undefined) throw new Unsupported('unclosed class');
      if (c === '\\') {
        const e = this.src[this.i + 1];
        if (e === 'd' || e === 'w') {
          parts.push(this.escape(true));
          return null;
        }
        if (e === 'b') throw new Unsupported('\\b');
        const before = this.i;
        const text = this.escape(true);
        const code = text.startsWith('\\u') ? parseInt(text.slice(2), 16) : text.charCodeAt(0);
        if (this.i !== before + 2) throw new Unsupported('escape');
        return code;
      }
      this.i += 1;
      return c.charCodeAt(0);
    };
    while (this.peek() !== ']') {
      const lo = single();
      if (lo === null) continue;
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        this.i += 1;
        const hi = single();
        if (hi === null || hi < lo) throw new Unsupported('range');
        parts.push(`${charOf(lo)}-${charOf(hi)}`);
      } else {
        parts.push(charOf(lo));
      }
    }
    this.i += 1;
    // `[]` matches nothing and `[^]` anything in JavaScript: not in the subset
    if (parts.length === 0) throw new Unsupported('empty class');
    return `[${negated ? '^' : ''}${parts.join('')}]`;
  }
}

/**
 * `source` (a pattern compileUserPattern accepts) as a PostgreSQL regular expression matching the
 * same whole values (anchored: `^(?:…)$`), or null when it is outside the subset (module comment).
 * Never throws.
 */
export function patternToPostgresRegex(source: string): string | null {
  try {
    return `^(?:${new Translator(source).run()})$`;
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}
