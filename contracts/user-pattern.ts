/**
 * User-written validation patterns (`fields.validation.pattern`), run by a linear-time engine on
 * both sides: RE2 (the `re2js` port), never the backtracking `RegExp`. The engine is passed in, so
 * the server imports it directly (server/src/lib/user-pattern.ts) and the browser loads it lazily
 * in its own chunk (src/utils/userPattern.ts). Not exported from contracts/index.ts for the same
 * reason: only those two modules import this one.
 *
 * A pattern is written in JavaScript's syntax and must match the whole value: it is translated to
 * RE2's syntax (`RE2JS.translateRegExp`: `\u0041`, `\u{1F600}`, `(?<name>…)`, `\cA`, `[^]`) and
 * compiled as `^(?:pattern)$` with no flags. Refused:
 *  - `unsupported`: lookahead `(?=` `(?!`, lookbehind `(?<=` `(?<!`, backreferences `\1`…`\9`,
 *    `\k<name>` — features only a backtracking engine can run (found by scanning the source, since
 *    the translation would otherwise turn `\k` into a literal `k`);
 *  - `invalid`: anything RE2 cannot parse (with RE2's reason, e.g. "missing closing ]", "invalid
 *    repeat count" — RE2 allows repeat counts up to 1,000);
 *  - `tooLong`: more than USER_PATTERN_MAX_LENGTH characters;
 *  - `tooComplex`: a compiled program of more than USER_PATTERN_PROGRAM_MAX instructions.
 * A compiled pattern checks values of at most `maxInput` characters (USER_PATTERN_COST_MAX ÷ the
 * program size, at most USER_PATTERN_INPUT_MAX): RE2 is linear in the value's length but its
 * slowest path (the NFA, when the DFA's state budget runs out) costs about program size × length
 * steps, ≈ 30 ns each (measured with re2js 2.10 on the 2-core development machine: a 761-instruction
 * pattern over 100,000 characters took 2.4 s; `(a+)+` over 100,000 takes ≈ 10 ms).
 */
import { LRUCache } from 'lru-cache';
import type { RE2JS } from 're2js';
import { LONG_TEXT_VALUE_MAX, USER_PATTERN_MAX_LENGTH } from './constants';

export { USER_PATTERN_MAX_LENGTH };
/** Largest compiled program, in RE2 instructions (`programSize()`; `WP-\d+` is 9, `(.*a){200}` 1,004). */
export const USER_PATTERN_PROGRAM_MAX = 1_000;
/** Program size × value length (instructions × characters) a check may cost: ≈ 150 ms at worst (module comment). */
export const USER_PATTERN_COST_MAX = 5_000_000;
/** Longest value a pattern is ever run on, in UTF-16 code units: the longest text value (LONG_TEXT_VALUE_MAX). */
export const USER_PATTERN_INPUT_MAX = LONG_TEXT_VALUE_MAX;
/** Compiled patterns kept per process (LRU). */
export const USER_PATTERN_CACHE_MAX = 200;

/** A feature of JavaScript patterns that RE2 does not have. */
export type UnsupportedFeature = 'lookahead' | 'lookbehind' | 'backreference';

/** Why a pattern cannot be run; `detail` is the construct (`(?=`, `\1`) or RE2's reason, untranslated. */
export type UserPatternProblem =
  | { kind: 'unsupported'; feature: UnsupportedFeature; detail: string }
  | { kind: 'invalid'; detail: string }
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooComplex'; size: number; max: number };

/** A compiled pattern. */
export interface UserPattern {
  /** The pattern as written. */
  readonly source: string;
  /** RE2 instructions of the anchored program. */
  readonly programSize: number;
  /** Longest value `test` runs on, in UTF-16 code units. */
  readonly maxInput: number;
  /** Whether the whole `value` matches; false, without running, for a value longer than `maxInput`. */
  test(value: string): boolean;
}

/** `compileUserPattern`'s answer. */
export type CompiledUserPattern = { ok: true; pattern: UserPattern } | { ok: false; problem: UserPatternProblem };

/** Compiles (or takes from the cache) a user pattern. Never throws. */
export type UserPatternCompiler = (source: string) => CompiledUserPattern;

/**
 * The first lookaround or backreference in a JavaScript pattern, or undefined. Escapes and
 * character classes are skipped (`[(?=]` and `\(?=` are plain characters; `[\1]` is an octal
 * escape, not a backreference).
 */
export function findUnsupportedFeature(source: string): { feature: UnsupportedFeature; detail: string } | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && next >= '1' && next <= '9') return { feature: 'backreference', detail: `\\${next}` };
      if (!inClass && next === 'k' && source[i + 2] === '<') return { feature: 'backreference', detail: '\\k<' };
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && source[i + 1] === '?') {
      const head = source.slice(i, i + 4);
      if (head.startsWith('(?=') || head.startsWith('(?!')) return { feature: 'lookahead', detail: head.slice(0, 3) };
      if (head === '(?<=' || head === '(?<!') return { feature: 'lookbehind', detail: head };
    }
  }
  return undefined;
}

/**
 * A compiler of user patterns running on `engine` (re2js's `RE2JS` class), caching up to
 * USER_PATTERN_CACHE_MAX results by source (a dropped program releases its DFA cache).
 */
export function createUserPatternCompiler(engine: typeof RE2JS): UserPatternCompiler {
  const cache = new LRUCache<string, CompiledUserPattern>({
    max: USER_PATTERN_CACHE_MAX,
    dispose: (value) => {
      if (value.ok) (value.pattern as CompiledPattern).release();
    },
  });
  return (source) => {
    let out = cache.get(source);
    if (!out) {
      out = compile(engine, source);
      cache.set(source, out);
    }
    return out;
  };
}

interface CompiledPattern extends UserPattern {
  release(): void;
}

function compile(engine: typeof RE2JS, source: string): CompiledUserPattern {
  if (source.length > USER_PATTERN_MAX_LENGTH) return { ok: false, problem: { kind: 'tooLong', max: USER_PATTERN_MAX_LENGTH } };
  const feature = findUnsupportedFeature(source);
  if (feature) return { ok: false, problem: { kind: 'unsupported', ...feature } };
  let program: RE2JS;
  try {
    const translated = engine.translateRegExp(source);
    engine.compile(translated); // alone first: `a)|(b` must not pass as `^(?:a)|(b)$`
    program = engine.compile(`^(?:${translated})$`);
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
    return { ok: false, problem: { kind: 'invalid', detail } };
  }
  const programSize = program.programSize();
  if (programSize > USER_PATTERN_PROGRAM_MAX)
    return { ok: false, problem: { kind: 'tooComplex', size: programSize, max: USER_PATTERN_PROGRAM_MAX } };
  const maxInput = Math.min(USER_PATTERN_INPUT_MAX, Math.floor(USER_PATTERN_COST_MAX / Math.max(1, programSize)));
  const pattern: CompiledPattern = {
    source,
    programSize,
    maxInput,
    test: (value) => value.length <= maxInput && program.test(value),
    release: () => program.reset(),
  };
  return { ok: true, pattern };
}
