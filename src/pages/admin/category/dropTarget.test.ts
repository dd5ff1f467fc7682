import { dropTarget } from './dropTarget';

const n = (id: string, parentId: string | null, position: number, expandedWithChildren = false) => ({
  id,
  parentId,
  position,
  expandedWithChildren,
});

describe('dropTarget', () => {
  it('onto a node: first child of it', () => {
    expect(dropTarget(n('a', null, 0), n('b', null, 1), false, 0)).toEqual({ parentId: 'b', position: 0 });
  });
  it('below an expanded node with children: its first child', () => {
    expect(dropTarget(n('a', null, 0), n('b', null, 1, true), true, 1)).toEqual({ parentId: 'b', position: 0 });
  });
  it('reorders among siblings, counting without the dragged one', () => {
    // a b c → drop a below c → b c a
    expect(dropTarget(n('a', 'p', 0), n('c', 'p', 2), true, 1)).toEqual({ parentId: 'p', position: 2 });
    // a b c → drop c above a → c a b
    expect(dropTarget(n('c', 'p', 2), n('a', 'p', 0), true, -1)).toEqual({ parentId: 'p', position: 0 });
  });
  it('moves into another parent next to a node', () => {
    expect(dropTarget(n('x', 'p', 0), n('y', 'q', 3), true, -1)).toEqual({ parentId: 'q', position: 3 });
    expect(dropTarget(n('x', 'p', 0), n('y', null, 1), true, 1)).toEqual({ parentId: null, position: 2 });
  });
});
