/**
 * Unit tests (Jest via umi/test): pure logic of src/ and contracts/ (access, menus, retry policy,
 * validation rules). API tests run on node's test runner (server/), browser tests on Playwright.
 */
import { configUmiAlias, createConfig } from 'umi/test';
import type { Config } from 'umi/test';

export default async (): Promise<Config.InitialOptions> => {
  const config = await configUmiAlias({
    ...createConfig({ target: 'browser', jsTransformer: 'esbuild', jsTransformerOpts: { jsx: 'automatic', supported: { 'dynamic-import': false } } }),
    roots: ['<rootDir>/src', '<rootDir>/contracts'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  });
  return config as Config.InitialOptions;
};
