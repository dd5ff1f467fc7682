import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
const snap = new Blob([readFileSync(process.argv[2])]);
const t0 = Date.now();
let c = await PGlite.create({ loadDataDir: snap, extensions: { pg_trgm } }); await c.query('select 1');
console.log('plain 1', Date.now() - t0); let t = Date.now();
const c2 = await PGlite.create({ loadDataDir: snap, extensions: { pg_trgm } }); await c2.query('select 1');
console.log('plain 2', Date.now() - t); t = Date.now();
const dir = new URL('../node_modules/@electric-sql/pglite/dist/', import.meta.url);
const mod = await WebAssembly.compile(readFileSync(new URL('pglite.wasm', dir)));
const fsBundle = new Blob([readFileSync(new URL('pglite.data', dir))]);
console.log('compile', Date.now() - t); t = Date.now();
for (let i = 0; i < 3; i++) { const c3 = await PGlite.create({ loadDataDir: snap, extensions: { pg_trgm }, pgliteWasmModule: mod, fsBundle }); await c3.query('select 1'); console.log('cached', i, Date.now() - t); t = Date.now(); }
