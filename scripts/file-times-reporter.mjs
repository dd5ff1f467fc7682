// A reporter for node's test runner (`--test-reporter=./scripts/file-times-reporter.mjs`): at the
// end, one JSON object `{ "seconds": { "<file>": seconds, … }, "failures": [{ file, name, error }] }`:
// the summed duration of each file's top-level tests (its process start, ~2–3 s, not included) and
// every failed test that failed itself (not merely because a subtest did), with its error's first
// line. scripts/test-all.mjs prints the slowest files and the failures.
// Under the batch runner (server/src/test/batch.ts: several files in one process) each file is a
// top-level suite named by its path, and its tests are told apart by that suite.
export default async function* fileTimes(source) {
  const seconds = {};
  const failures = [];
  /** The file whose top-level suite is being reported, under the batch runner. */
  let suiteFile;
  for await (const event of source) {
    const { data } = event;
    if (event.type === 'test:start' && data.nesting === 0) suiteFile = data.file?.endsWith('batch.ts') ? data.name : undefined;
    const file = suiteFile ?? data.file;
    if ((event.type === 'test:pass' || event.type === 'test:fail') && data.nesting === 0 && file) {
      seconds[file] = (seconds[file] ?? 0) + (data.details?.duration_ms ?? 0) / 1000;
    }
    if (event.type === 'test:fail' && data.details?.error?.failureType !== 'subtestsFailed') {
      const error = data.details?.error;
      const message = String(error?.cause?.message ?? error?.message ?? error ?? '').split('\n')[0].slice(0, 300);
      failures.push({ file: file ?? '', name: data.name, error: message });
    }
  }
  yield `${JSON.stringify({ seconds, failures })}\n`;
}
