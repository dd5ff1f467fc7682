/**
 * Stored validation patterns the linear-time engine cannot run: patterns saved before RE2 was the
 * engine (lookahead, lookbehind, backreferences, repeat counts over 1,000, programs over
 * USER_PATTERN_PROGRAM_MAX). They stay stored, are NOT checked on writes (never handed to the
 * backtracking `RegExp`), and are shown to owners as the field's `patternIssue` (fields.service
 * toField) until rewritten. The server lists them in a warning at start (index.ts).
 */
import type { Executor } from '../../db/client';
import { patternIssueOf } from '../../lib/user-pattern';
import { storedPatterns } from './subjects.repository';

/** A field whose stored pattern cannot be run: application slug, subject key, field key, the pattern and why. */
export interface UnrunnablePattern {
  application: string;
  subject: string;
  field: string;
  pattern: string;
  issue: string;
}

/** Every live field whose stored pattern the engine cannot run (one query over `fields`; each pattern compiled once, cached). */
export async function listUnrunnablePatterns(db: Executor): Promise<UnrunnablePattern[]> {
  const out: UnrunnablePattern[] = [];
  for (const row of await storedPatterns(db)) {
    const issue = patternIssueOf(row.pattern);
    if (issue) out.push({ ...row, issue });
  }
  return out;
}

/**
 * Logs one warning listing `application/subject/field` of every unrunnable stored pattern (none
 * when there is none) and returns them.
 */
export async function warnUnrunnablePatterns(
  db: Executor,
  log: { warn(obj: object, msg: string): void },
): Promise<UnrunnablePattern[]> {
  const found = await listUnrunnablePatterns(db);
  if (found.length > 0) {
    const where = found.map((p) => `${p.application}/${p.subject}/${p.field} (${p.issue})`).join(', ');
    log.warn(
      { patterns: found },
      `fields: ${found.length} stored validation pattern(s) use features the linear-time engine cannot run and are not checked until rewritten: ${where}`,
    );
  }
  return found;
}
