/**
 * Which database engines an API test file runs on (docs/testing.md "Both engines"). No imports:
 * a test of pure code can declare it without loading the server.
 */

/** The engines an API test file can run on. */
export type TestEngine = 'pglite' | 'postgres';

/**
 * Declares, at the top of a test file, that its rules do not depend on the database engine, so
 * `npm test` runs it in one engine's suite only (scripts/test-all.mjs reads this call from the
 * file's text: a line starting `runsOnOneEngine('<engine>'`; the other suite does not start the
 * file at all). Say why: e.g. "HTTP headers, set before any query". Run by hand on either engine,
 * the file still runs there. Errors: throws on an empty reason or an unknown engine.
 */
export function runsOnOneEngine(engine: TestEngine, reason: string): void {
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`runsOnOneEngine: unknown engine ${String(engine)}`);
  if (!reason.trim()) throw new Error('runsOnOneEngine: say why the engine does not matter to these tests');
}
