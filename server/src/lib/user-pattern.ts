/**
 * The server's compiler of user-written validation patterns: contracts/user-pattern.ts on the
 * re2js engine (linear time; never `RegExp`). Used by the write path (subjects/values.ts), the
 * field rules (subjects/field-rules.ts), the scan of existing values when a pattern changes
 * (subjects/field-data.ts) and the start-up listing of stored patterns it cannot run
 * (subjects/legacy-patterns.ts).
 */
import { RE2JS } from 're2js';
import { createUserPatternCompiler, type UserPatternProblem } from '../../../contracts/user-pattern';

export {
  findUnsupportedFeature,
  USER_PATTERN_COST_MAX,
  USER_PATTERN_INPUT_MAX,
  USER_PATTERN_MAX_LENGTH,
  USER_PATTERN_PROGRAM_MAX,
  type CompiledUserPattern,
  type UserPattern,
  type UserPatternProblem,
} from '../../../contracts/user-pattern';

/** `source` compiled by RE2 (cached, USER_PATTERN_CACHE_MAX), or why not. Never throws. */
export const compileUserPattern = createUserPatternCompiler(RE2JS);

/**
 * One line saying why a pattern cannot be run, untranslated (logs and the field's `patternIssue`):
 * the construct (`lookahead (?=`), RE2's reason, or the bound exceeded.
 */
export function describePatternProblem(problem: UserPatternProblem): string {
  switch (problem.kind) {
    case 'unsupported':
      return `${problem.feature} ${problem.detail}`;
    case 'invalid':
      return problem.detail;
    case 'tooLong':
      return `longer than ${problem.max} characters`;
    case 'tooComplex':
      return `${problem.size} instructions (at most ${problem.max})`;
  }
}

/** Why the stored `pattern` cannot be run (describePatternProblem), or undefined when it can (or there is none). */
export function patternIssueOf(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  const compiled = compileUserPattern(pattern);
  return compiled.ok ? undefined : describePatternProblem(compiled.problem);
}
