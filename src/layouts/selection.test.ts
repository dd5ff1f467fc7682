import { selectedKeysFor, selectedMenuKey } from './selection';

const paths = ['/admin', '/admin/rule', '/admin/ruleSet', '/admin/query', '/admin/query/analytics'];

describe('selectedMenuKey', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/', '/admin'],
    ['/admin/rule', '/admin/rule'],
    ['/admin/rule/42', '/admin/rule'],
    ['/admin/ruleSet/7', '/admin/ruleSet'],
    ['/admin/query/analytics', '/admin/query/analytics'],
    ['/admin/person', '/admin'],
    ['/elsewhere', undefined],
  ])('%s → %s', (pathname, key) => expect(selectedMenuKey(pathname, paths)).toBe(key));
});

describe('selectedKeysFor (from config/routes)', () => {
  it.each([
    ['/admin', ['/admin']],
    ['/admin/rule/42', ['/admin/rule']],
    ['/audit-2026', ['/audit-2026']],
    ['/audit-2026/audit_project_table', ['/audit-2026/audit_project_table']],
    ['/audit-2026/fund_audit_report/9', ['/audit-2026/fund_audit_report']],
    ['/audit-2026/customers/17', ['/audit-2026']],
    ['/login', []],
  ])('%s → %j', (pathname, keys) => expect(selectedKeysFor(pathname)).toEqual(keys));
});

describe("selectedKeysFor with the workspace's subjects and views", () => {
  const extra = ['/audit-2026/customers', '/audit-2026/view/v1'];
  it.each([
    ['/audit-2026/customers', ['/audit-2026/customers']],
    ['/audit-2026/customers/17', ['/audit-2026/customers']],
    ['/audit-2026/view/v1', ['/audit-2026/view/v1']],
    ['/audit-2026', ['/audit-2026']],
  ])('%s → %j', (pathname, keys) => expect(selectedKeysFor(pathname, extra)).toEqual(keys));
});
