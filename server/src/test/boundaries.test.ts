/**
 * The server's module boundaries are enforced by the lint (docs/architecture.md "What the lint
 * enforces"): this file plants violations and checks that `eslint.config.mjs` catches them —
 * (a) a module importing another module's repository (import-x/no-restricted-paths),
 * (b) a two-file import cycle (import-x/no-cycle, fixtures under test/fixtures/boundaries/ that the
 *     main lint ignores),
 * (c) the core importing a module (no-restricted-paths),
 * and that the same kind of import through the other module's service passes; then
 * (d) the modules' import graph, module by module, has no cycle (checked here, not by the lint).
 * No database: one engine is enough.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { runsOnOneEngine } from './engines';

runsOnOneEngine('postgres', 'module boundaries: the lint on planted files and the import graph, no database');

const root = path.resolve(import.meta.dirname, '../../..');
const planted = path.join(root, 'server/src/modules/planted-boundary/planted-boundary.service.ts');

function eslint(options: ESLint.Options = {}): ESLint {
  return new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs'), ...options });
}

/** The rule ids of the errors ESLint reports for `text` as if it were the file at `filePath`. */
async function errorsOf(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint().lintText(text, { filePath });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

test('boundaries: a module importing another module\'s repository is a lint error', async () => {
  const errors = await errorsOf(
    "import { findUserById } from '../users/users.repository';\n\nexport const lookUp = findUserById;\n",
    planted,
  );
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0], /^import-x\/no-restricted-paths: .*users\.service\.ts/);
});

test('boundaries: the same lookup through the other module\'s service passes', async () => {
  const errors = await errorsOf("import { findUserById } from '../users/users.service';\n\nexport const lookUp = findUserById;\n", planted);
  assert.deepEqual(errors, []);
});

test('boundaries: a module may import its own repository', async () => {
  const own = path.join(root, 'server/src/modules/users/planted-own.ts');
  const errors = await errorsOf("import { findUserById } from './users.repository';\n\nexport const lookUp = findUserById;\n", own);
  assert.deepEqual(errors, []);
});

test('boundaries: code outside the modules (ops, core) may not import a repository either', async () => {
  const errors = await errorsOf(
    "import { readHead } from '../modules/audit/audit.repository';\n\nexport const head = readHead;\n",
    path.join(root, 'server/src/ops/planted-ops.ts'),
  );
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0], /^import-x\/no-restricted-paths: /);
});

test('boundaries: a two-file import cycle is a lint error on both files', async () => {
  const fixtures = path.join(root, 'server/src/test/fixtures/boundaries');
  const results = await eslint({ ignore: false }).lintFiles([path.join(fixtures, 'cycle-a.ts'), path.join(fixtures, 'cycle-b.ts')]);
  assert.equal(results.length, 2);
  for (const result of results) {
    const rules = result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
    assert.deepEqual(rules, ['import-x/no-cycle'], `${path.basename(result.filePath)}: ${JSON.stringify(result.messages)}`);
  }
});

test('boundaries: the core imports no module', async () => {
  const errors = await errorsOf(
    "import { listAudit } from '../modules/audit/audit.service';\n\nexport const list = listAudit;\n",
    path.join(root, 'server/src/core/planted-core.ts'),
  );
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0], /^import-x\/no-restricted-paths: .*core knows no module/);
});

/**
 * The modules' import graph (module A → module B when a file of A imports a file of B), from the
 * static imports of every file under server/src/modules except tests. no-cycle sees files; this
 * sees modules, so two modules cannot lean on each other even through different files.
 */
function moduleGraph(): Map<string, Set<string>> {
  const modulesDir = path.join(root, 'server/src/modules');
  const graph = new Map<string, Set<string>>();
  const importFrom = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^;]*?\s+from\s+'(\.[^']+)'/g;
  for (const name of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const edges = new Set<string>();
    graph.set(name, edges);
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const full = path.join(dir, file);
      for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(importFrom)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(full), spec)).split(path.sep);
        if (target[0] !== '..' && target.length > 1 && target[0] !== name) edges.add(target[0]);
      }
    }
  }
  return graph;
}

/** One cycle of the graph as a path (first = last), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

test('boundaries: no two server modules depend on each other, even through other modules', () => {
  const graph = moduleGraph();
  assert.ok(graph.size >= 20, `expected the server's modules, found ${graph.size}`);
  assert.deepEqual(findCycle(graph), null);
  // the check itself finds a planted cycle
  const planted = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
  planted.get('users')?.add('records');
  planted.get('records')?.add('users');
  assert.ok(findCycle(planted));
});
