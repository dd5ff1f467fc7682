// The linter enforces docs/code-style.md ("Size and typing") over src, server, contracts, mock and tests alike: no `any`, no
// ts-ignore comments, hooks rules; and the server's module boundaries (docs/architecture.md "What the lint enforces").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's module boundaries (docs/architecture.md "What the lint enforces"): one zone per
// module, so a module's repository (its SQL) is importable only from the module's own folder.
const serverModules = readdirSync(new URL('./server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const repositoryZones = serverModules.map((name) => ({
  // every file outside server/src/modules/<name>/
  target: [`server/src/modules/!(${name})/**/*`, 'server/src/!(modules)/**/*', 'server/src/*', 'contracts/**/*', 'mock/**/*', 'tests/**/*', 'bench/**/*', 'scripts/**/*'],
  from: `server/src/modules/${name}/*.repository.ts`,
  except: [],
  message: `Reach the ${name} module through its service (${name}.service.ts), not its repository.`,
}));
// the layers below the modules never import them: core knows no module (modules register with it),
// lib knows neither core nor modules
const layerZones = [
  // (core/resource/, the resource kit, still calls the recycle module's service: to be inverted)
  { target: ['server/src/core/*.ts', 'server/src/core/!(resource)/**'], from: 'server/src/modules', message: 'The core knows no module: let the module register with the core (docs/architecture.md).' },
  // (its tests may build the app)
  { target: 'server/src/lib/!(*.test).ts', from: ['server/src/modules', 'server/src/core'], message: 'lib/ holds plain helpers: no imports of the core or of modules.' },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**', 'dist/**', '.umi/**', '.umi-production/**', '.umi-test/**', 'src/.umi/**', 'src/.umi-production/**', 'src/.umi-test/**',
      'test-results/**', 'playwright-report/**', 'data/**', '.e2e-data/**', 'server/drizzle/**',
      // planted violations that server/src/test/boundaries.test.ts lints on purpose
      'server/src/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
    },
  },
  {
    // The web imports contracts' schemas as types only: zod stays out of the first-load bundle
    // (docs/routes-and-loading.md "First-load budget"). Runtime constants come from contracts/constants.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'contracts(/(index|envelope|auth|applications|users|account|audit|route-data|groups|settings|notices|recycle|variables|tags|categories|subjects|records|clients))?$',
              allowTypeImports: true,
              message: 'Import runtime values from contracts/constants (zod must stay out of the web bundle); schemas as `import type`.',
            },
          ],
        },
      ],
      // antd gives a form's inputs the ids `<form name>_<field>`; two unnamed forms on one page (a
      // ProTable's search form and a modal's) share ids, so a label points at the other form's input
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Form|ProForm|ModalForm|DrawerForm|StepsForm|QueryFilter|LightFilter)$/]:not(:has(JSXAttribute[name.name='name']))",
          message: 'Give the form a `name` (unique on its page): antd prefixes its inputs\' ids with it.',
        },
      ],
    },
  },
  {
    // Module boundaries of the server (docs/architecture.md "What the lint enforces"): no import of
    // another module's repository from anywhere that can import server code. The resolver and
    // parser settings let import-x follow extensionless TypeScript imports.
    files: ['server/**/*.ts', 'contracts/**/*.ts', 'mock/**/*.ts', 'tests/**/*.ts', 'bench/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // one lint run: resolutions need not expire (the default re-resolves after 30 s)
      'import-x/cache': { lifetime: Infinity },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...repositoryZones, ...layerZones] }],
    },
  },
  {
    // and no import cycle among the server's and the contracts' files (type-only imports aside)
    files: ['server/src/**/*.ts', 'contracts/**/*.ts'],
    // nothing imports a test file, so no cycle runs through one (and each would walk the whole app)
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // the batch runner (server/src/test/batch.ts) collects a file's tests through node:test's named
    // exports; the default export would register them outside the file's own suite
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'node:test', importNames: ['default'], message: "Import { test } from 'node:test' (the batch runner collects named calls)." }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
