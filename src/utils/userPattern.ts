/**
 * The browser's compiler of user-written validation patterns (`fields.validation.pattern`): the
 * server's engine (contracts/user-pattern.ts on re2js, linear time; never `RegExp`), loaded on
 * first use by a dynamic `import()` so re2js (≈ 65 KB gzipped) and lru-cache land in their own
 * chunk, not in the first-load bundle. Callers are async already (antd rule validators).
 */
import type { CompiledUserPattern, UserPatternCompiler, UserPatternProblem } from '../../contracts/user-pattern';

export type { CompiledUserPattern, UserPatternProblem };

let loading: Promise<UserPatternCompiler> | undefined;

/**
 * The compiler, loading the engine's chunk once (later calls share the promise; a failed load is
 * retried on the next call).
 */
export function loadUserPatternCompiler(): Promise<UserPatternCompiler> {
  loading ??= Promise.all([import('re2js'), import('../../contracts/user-pattern')]).then(
    ([{ RE2JS }, { createUserPatternCompiler }]) => createUserPatternCompiler(RE2JS),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** `source` compiled by RE2 (cached), or why not; see contracts/user-pattern.ts. */
export async function compileUserPattern(source: string): Promise<CompiledUserPattern> {
  return (await loadUserPatternCompiler())(source);
}
