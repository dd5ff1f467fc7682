// Where the bytes of a built script come from, by source package or folder: the minified bytes
// each source maps to and the gzip size of those bytes taken together (a share of the file's own
// gzip size, not additive exactly). Needs a build with source maps:
//   SOURCEMAP=1 npx umi build && node bench/bundle-sources.mjs dist/umi.*.js [depth]
// `depth` (default 1) keeps that many path segments after node_modules/<package> or src/.
// docs/performance.md "Where umi.js grew" shows its output before and after.
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { gzipBytes, kb } from './first-load-lib.mjs';

const [file, depthArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/bundle-sources.mjs dist/<file>.js [depth]');
  process.exit(1);
}
const depth = Number(depthArg ?? 1);
const code = readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
const lines = code.split('\n');

/** The group of a source path: its package (scoped packages keep their scope) or its folder under the project. */
function groupOf(source) {
  const s = source.replace(/^webpack:\/\/\/?/, '').replace(/^(\.\.\/)+/, '');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = s.slice(nm + 13).split('/');
    const pkg = parts[0].startsWith('@') ? 2 : 1;
    return parts.slice(0, pkg + depth - 1).join('/');
  }
  const parts = s.replace(/^.*?\/(src|config|contracts)\//, '$1/').split('/');
  return parts.slice(0, 1 + depth).join('/');
}

const groups = new Map();
let previous = null;
const add = (mapping, end) => {
  const line = lines[mapping.generatedLine - 1] ?? '';
  const text = line.slice(mapping.generatedColumn, end);
  const key = mapping.source ? groupOf(mapping.source) : '(unmapped)';
  groups.set(key, (groups.get(key) ?? '') + text);
};
map.eachMapping((m) => {
  if (previous && previous.generatedLine === m.generatedLine) add(previous, m.generatedColumn);
  else if (previous) add(previous, undefined);
  previous = m;
});
if (previous) add(previous, undefined);

if (process.env.DUMP) console.log(groups.get(process.env.DUMP)?.slice(0, Number(process.env.DUMP_CHARS ?? 3000)));
const total = Buffer.byteLength(code);
console.log(`${file}: ${kb(total)} KB raw, ${kb(gzipBytes(code))} KB gzip`);
console.log('   raw KB  gzip KB  source');
const rows = [...groups].map(([key, text]) => ({ key, raw: Buffer.byteLength(text), gzip: gzipBytes(text) }));
for (const r of rows.sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.TOP ?? 40))) {
  console.log(`${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(8)}  ${r.key}`);
}
