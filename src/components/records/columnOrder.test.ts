import { dropPlaceOf, hiddenKeys, moveColumn, orderedKeys, toColumnsState, type ColumnSlot } from './columnOrder';

// Package is the display field: pinned first
const SLOTS: ColumnSlot[] = [{ key: 'package', fixed: 'left' }, { key: 'version' }, { key: 'description' }, { key: 'license' }, { key: 'createdAt' }];
const START = ['package', 'version', 'description', 'license', 'createdAt'];

describe('column order', () => {
  it('drags Description onto Version: it takes Version’s place, Package stays pinned first', () => {
    const place = dropPlaceOf(0, false, START.indexOf('description'), START.indexOf('version'));
    expect(place).toBe('before');
    const order = moveColumn(START, SLOTS, 'description', 'version', place);
    expect(order).toEqual(['package', 'description', 'version', 'license', 'createdAt']);
    const map = toColumnsState(order, new Set(), SLOTS);
    expect(map.package).toEqual({ show: true, order: 1, fixed: 'left' });
    expect(map.description).toEqual({ show: true, order: 2 });
  });

  it('moves exactly one column to the gap it was dropped in, up or down', () => {
    expect(moveColumn(START, SLOTS, 'version', 'license', dropPlaceOf(1, true, 1, 3))).toEqual(['package', 'description', 'license', 'version', 'createdAt']);
    expect(moveColumn(START, SLOTS, 'createdAt', 'version', dropPlaceOf(-1, true, 4, 1))).toEqual(['package', 'createdAt', 'version', 'description', 'license']);
    // dragged down onto a column: after it
    expect(moveColumn(START, SLOTS, 'version', 'license', dropPlaceOf(0, false, 1, 3))).toEqual(['package', 'description', 'license', 'version', 'createdAt']);
  });

  it('keeps pinned columns pinned: they do not move, and nothing goes before a left pin', () => {
    expect(moveColumn(START, SLOTS, 'package', 'license', 'after')).toEqual(START);
    expect(moveColumn(START, SLOTS, 'license', 'package', 'before')).toEqual(['package', 'license', 'version', 'description', 'createdAt']);
    const right: ColumnSlot[] = [...SLOTS, { key: 'actions', fixed: 'right' }];
    expect(moveColumn([...START, 'actions'], right, 'version', 'actions', 'after')).toEqual(['package', 'description', 'license', 'createdAt', 'version', 'actions']);
  });

  it('changes nothing for a drop on itself or an unknown key', () => {
    expect(moveColumn(START, SLOTS, 'version', 'version', 'after')).toEqual(START);
    expect(moveColumn(START, SLOTS, 'nope', 'version', 'after')).toEqual(START);
  });

  it('reads the order and hidden columns back from a saved map (an old map without pins included)', () => {
    const saved = { package: { order: 3 }, license: { order: 1 }, version: { order: 2, show: false } };
    expect(orderedKeys(SLOTS, saved)).toEqual(['package', 'license', 'version', 'description', 'createdAt']);
    expect(orderedKeys(SLOTS, null)).toEqual(START);
    expect([...hiddenKeys(SLOTS, saved)]).toEqual(['version']);
    const map = toColumnsState(orderedKeys(SLOTS, saved), hiddenKeys(SLOTS, saved), SLOTS);
    expect(Object.values(map).map((v) => v.order)).toEqual([1, 2, 3, 4, 5]);
    expect(map.version.show).toBe(false);
  });
});
