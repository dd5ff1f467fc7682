// The linter enforces docs/code-style.md ("Size and typing") over src, server, contracts, mock and tests alike: no `any`, no
// ts-ignore comments, hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**', 'dist/**', '.umi/**', '.umi-production/**', '.umi-test/**', 'src/.umi/**', 'src/.umi-production/**', 'src/.umi-test/**',
      'test-results/**', 'playwright-report/**', 'data/**', '.e2e-data/**', 'server/drizzle/**',
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
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
