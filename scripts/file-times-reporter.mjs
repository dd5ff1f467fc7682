// A reporter for node's test runner (`--test-reporter=./scripts/file-times-reporter.mjs`): at the
// end, one JSON object `{ "<file>": seconds, … }`, the summed duration of each file's top-level
// tests (its process start, ~2–3 s, not included). scripts/test-all.mjs prints the slowest files.
export default async function* fileTimes(source) {
  const seconds = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      seconds[event.data.file] = (seconds[event.data.file] ?? 0) + (event.data.details?.duration_ms ?? 0) / 1000;
    }
  }
  yield `${JSON.stringify(seconds)}\n`;
}
