/**
 * The server's module boundaries are enforced by the lint (docs/architecture.md "What the lint
 * enforces"): this file plants violations and checks that `eslint.config.mjs` catches them —
 * (a) a module importing another module's repository (import-x/no-restricted-paths),
 * (b) a two-file import cycle (import-x/no-cycle, fixtures under test/fixtures/boundaries/ that the
 *     main lint ignores),
 * and that the same kind of import through the other module's service passes.
 * No database: one engine is enough.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

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
