/**
 * Where an antd Tree drop puts the dragged category, as PUT /categories/:id/move's
 * `{ parentId, position }` (position = index among the new siblings once the dragged one is
 * taken out). Pure, unit-tested (dropTarget.test.ts).
 */
export interface DropNode {
  id: string;
  parentId: string | null;
  position: number;
  /** The node has children and is expanded (a drop on its bottom gap goes in, first). */
  expandedWithChildren?: boolean;
}

/**
 * @param drag the dragged category; @param node the node dropped on;
 * @param dropToGap antd's flag (false = onto the node: becomes its first child);
 * @param relative -1 above the node, 1 below it (antd's dropPosition minus the node's index).
 */
export function dropTarget(
  drag: DropNode,
  node: DropNode,
  dropToGap: boolean,
  relative: number,
): { parentId: string | null; position: number } {
  if (!dropToGap || (relative === 1 && node.expandedWithChildren)) return { parentId: node.id, position: 0 };
  const sameParent = drag.parentId === node.parentId;
  const index = node.position - (sameParent && drag.position < node.position ? 1 : 0);
  return { parentId: node.parentId, position: relative === 1 ? index + 1 : index };
}
