/**
 * The deploy page's pure parts (logic.ts): the diff grouped by kind in apply order with what touches
 * records highlighted, the totals, the remappings proposed from the suggestions, the staleness of a
 * dry run and the fingerprint's display.
 */
import type { DeployChange, DeployDiff } from '../../../../../contracts';
import {
  blocksApply,
  diffTotals,
  formatFingerprint,
  groupDiff,
  mapsSignature,
  proposedMaps,
  setMapped,
  touchesData,
} from './logic';

const change = (c: Partial<DeployChange> & Pick<DeployChange, 'kind' | 'key' | 'change'>): DeployChange => ({
  properties: [],
  ...c,
});

const diff: Pick<DeployDiff, 'kinds' | 'changes' | 'variables' | 'users'> = {
  kinds: [
    { kind: 'subject', added: 0, changed: 1, removed: 0, unchanged: 2 },
    { kind: 'field', added: 1, changed: 1, removed: 1, unchanged: 9 },
    { kind: 'tag', added: 0, changed: 0, removed: 0, unchanged: 3 },
    { kind: 'view', added: 1, changed: 0, removed: 0, unchanged: 0 },
  ],
  changes: [
    change({ kind: 'field', key: 'items.a_new', change: 'added' }),
    change({
      kind: 'field',
      key: 'items.amount',
      change: 'changed',
      properties: ['type'],
      typeChange: { from: 'text', to: 'number', allowed: true, records: 5, converted: 4, refused: 1 },
    }),
    change({ kind: 'field', key: 'items.note', change: 'removed', records: 7 }),
    change({ kind: 'subject', key: 'items', change: 'changed', properties: ['name'] }),
    change({ kind: 'view', key: 'items/All', change: 'added' }),
  ],
  variables: [
    { key: 'API_URL', type: 'text', secret: false, suggested: 'API_URL' },
    { key: 'TOKEN', type: 'secret', secret: true, suggested: null },
  ],
  users: [
    { email: 'a@example.com', name: 'A', suggested: 'a@example.com' },
    { email: 'b@example.com', name: null, suggested: null },
  ],
};

test('groups the diff by kind in apply order, moving kinds first; removed, changed, added within a kind', () => {
  const groups = groupDiff(diff);
  expect(groups.map((g) => g.kind)).toEqual(['subject', 'field', 'view', 'tag']);
  const fields = groups[1];
  expect(fields.changes.map((c) => c.change)).toEqual(['removed', 'changed', 'added']);
  expect([fields.added, fields.changed, fields.removed, fields.unchanged]).toEqual([1, 1, 1, 9]);
  expect(fields.impact).toBe(2);
  expect(groups[3].changes).toEqual([]);
});

test('what touches records and what blocks the apply', () => {
  const [added, typed, removed] = diff.changes;
  expect(touchesData(added)).toBe(false);
  expect(touchesData(typed)).toBe(true);
  expect(touchesData(removed)).toBe(true);
  expect(touchesData(change({ kind: 'field', key: 'x.y', change: 'removed', records: 0 }))).toBe(false);
  expect(blocksApply(typed)).toBe(true);
  expect(
    blocksApply(
      change({
        kind: 'field',
        key: 'x.y',
        change: 'changed',
        typeChange: { from: 'text', to: 'number', allowed: true, records: 3, converted: 3, refused: 0 },
      }),
    ),
  ).toBe(false);
  expect(diffTotals(diff)).toEqual({
    added: 2,
    changed: 2,
    removed: 1,
    impact: 2,
    blocking: 1,
    recycledRecords: 7,
    convertedRecords: 4,
  });
});

test('remappings proposed from the suggestions; a dry run is stale once they change', () => {
  const maps = proposedMaps(diff);
  expect(maps).toEqual({ variableMap: { API_URL: 'API_URL' }, userMap: { 'a@example.com': 'a@example.com' } });
  const before = mapsSignature(maps);
  const userMap = setMapped(maps.userMap, 'b@example.com', 'c@example.com');
  expect(mapsSignature({ ...maps, userMap })).not.toBe(before);
  expect(mapsSignature({ ...maps, userMap: setMapped(userMap, 'b@example.com', undefined) })).toBe(before);
  // the order keys were set in does not matter
  expect(mapsSignature({ variableMap: { b: '1', a: '2' }, userMap: {} })).toBe(
    mapsSignature({ variableMap: { a: '2', b: '1' }, userMap: {} }),
  );
});

test('a fingerprint in groups of four', () => {
  const fp = '0123456789abcdef0123456789abcdef';
  expect(formatFingerprint(fp)).toBe('0123 4567 89AB CDEF 0123 4567 89AB CDEF');
  expect(formatFingerprint(fp, true)).toBe('0123 4567 89AB …');
});
