/**
 * The query-key factory (services/query-keys.ts): every key of a resource starts with its `all`
 * key, so invalidating `all` reaches its lists, details, options and actions — a subject's detail
 * by application and key, by id and its option lists alike — and nothing of another resource.
 */
import { QueryClient } from '@tanstack/react-query';
import { keys } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => Object.is(key[i], part));

test('every key of a resource starts with its all key; lists and details with theirs', () => {
  const subjects = keys('subjects');
  expect(subjects.all).toEqual(['assay', 'subjects']);
  for (const key of [subjects.list({ app: 'fy26' }), subjects.detail('fy26', 'engagement'), subjects.options({ app: 'fy26' }), subjects.action('byId', 'x')]) {
    expect(startsWith(key, subjects.all)).toBe(true);
  }
  expect(startsWith(subjects.list({ app: 'fy26' }), subjects.lists())).toBe(true);
  expect(startsWith(subjects.detail('fy26', 'engagement'), subjects.details())).toBe(true);
  expect(subjects.list()).toEqual(['assay', 'subjects', 'list', {}]);
  expect(startsWith(keys('records').all, subjects.all)).toBe(false);
});

test('invalidating a resource’s all key marks every cached query of it stale, and no other', async () => {
  const client = new QueryClient();
  const subjects = keys('subjects');
  const cached = [subjects.detail('fy26', 'engagement'), subjects.action('byId', 'id-1'), subjects.options({ app: 'fy26' }), subjects.list({ app: 'fy26', pageSize: 100 })];
  for (const key of cached) client.setQueryData(key, { cached: true });
  client.setQueryData(keys('views').detail('v1'), { cached: true });
  await client.invalidateQueries({ queryKey: subjects.all });
  for (const key of cached) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  expect(client.getQueryState(keys('views').detail('v1'))?.isInvalidated).toBe(false);
  client.clear();
});
