/**
 * Categories: a tree of categories that administrators build, rename,
 * reorder and re-parent; objects are put in categories through categorizations.
 * Decisions (written here, as docs/product.md asks for choices it leaves open):
 * - names are unique case-insensitively among live siblings (409 naming 'name');
 * - a move re-parents and reorders in one call: the category goes to index `position` (clamped)
 *   among its new siblings, both sibling lists are renumbered 0, 1, 2…; a move under itself or a
 *   descendant is a 409 naming 'parentId';
 * - a category with live children cannot be deleted (409 errors.category.hasChildren): move or
 *   delete them first, so the recycle bin never holds a subtree that a restore would have to
 *   re-attach; a deleted category whose parent is deleted too restores only after its parent
 *   (409 naming 'parentId');
 * - changes of the tree's shape are serialised (advisory lock, categories.repository lockTree).
 * The categorising endpoints are for administrators; later modules categorise their own objects
 * inside their own routes through `setCategories` / `categoriesOf`.
 */
import type {
  Category,
  CategoryAssign,
  CategoryCreate,
  CategoryDetail,
  CategoryMove,
  CategoryUpdate,
  CurrentUser,
  Target,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { CategoryRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { changedKeys, sameIds, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import {
  categoriesOfTarget,
  findCategory,
  insertCategory,
  listLiveCategories,
  liveCategoryIds,
  liveChildren,
  lockTree,
  markCategoryDeleted,
  renumber,
  replaceCategorizations,
  siblingNameTaken,
  subtreeIds,
  updateCategory as updateCategoryRow,
  type CategoryWithUsage,
} from './categories.repository';

const categoryNotFound = () => notFound('errors.category.notFound');
const parentNotFound = () =>
  notFound('errors.category.parentNotFound', [{ field: 'parentId', messageKey: 'errors.category.parentNotFound' }]);
/** 409 naming 'name': a live sibling has the name. */
export const nameTaken = () =>
  new HttpError(409, 'CONFLICT', 'errors.category.nameTaken', [{ field: 'name', messageKey: 'errors.category.nameTaken' }]);

/** A row as contracts' `Category`. */
export function toCategory(row: CategoryRow, usage: number, subtreeUsage = usage): Category {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    description: row.description,
    position: row.position,
    usage,
    subtreeUsage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function withSubtreeUsage(rows: CategoryWithUsage[]): Category[] {
  const children = new Map<string | null, CategoryWithUsage[]>();
  for (const r of rows) children.set(r.category.parentId, [...(children.get(r.category.parentId) ?? []), r]);
  const total = new Map<string, number>();
  const sum = (r: CategoryWithUsage): number => {
    const known = total.get(r.category.id);
    if (known !== undefined) return known;
    const n = r.usage + (children.get(r.category.id) ?? []).reduce((acc, c) => acc + sum(c), 0);
    total.set(r.category.id, n);
    return n;
  };
  return rows.map((r) => toCategory(r.category, r.usage, sum(r)));
}

/**
 * Every live category, flat, ordered by parent then position (the client builds the tree), each
 * with its usage and its subtree's usage.
 */
export async function listCategories(db: Executor): Promise<Category[]> {
  return withSubtreeUsage(await listLiveCategories(db));
}

/** A live category with its path (root first, itself excluded) and live children. @throws 404. */
export async function getCategory(db: Executor, id: string): Promise<CategoryDetail> {
  const all = await listCategories(db);
  const byId = new Map(all.map((c) => [c.id, c]));
  const self = byId.get(id);
  if (!self) throw categoryNotFound();
  const path: { id: string; name: string }[] = [];
  for (let p = self.parentId ? byId.get(self.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) {
    path.unshift({ id: p.id, name: p.name });
  }
  const children = all.filter((c) => c.parentId === id);
  return { ...self, path, children };
}

async function requireLiveParent(tx: Executor, parentId: string | null): Promise<void> {
  if (parentId && !(await findCategory(tx, parentId))) throw parentNotFound();
}

/**
 * Creates a category as the last child of `parentId` (null = a root), audited `category.create`.
 * @throws HttpError 404 naming 'parentId'; 409 naming 'name'.
 */
export async function createCategory(db: Database, input: CategoryCreate, audit: AuditWriter): Promise<CategoryDetail> {
  const parentId = input.parentId ?? null;
  const id = await db.transaction(async (tx) => {
    await lockTree(tx);
    await requireLiveParent(tx, parentId);
    if (await siblingNameTaken(tx, parentId, input.name)) throw nameTaken();
    const siblings = await liveChildren(tx, parentId);
    const row = await insertCategory(tx, {
      name: input.name,
      description: input.description ? input.description : null,
      parentId,
      position: siblings.length,
    });
    await audit.record(tx, {
      action: 'category.create',
      targetType: 'category',
      targetId: row.id,
      after: { name: row.name, description: row.description, parentId, position: row.position },
    });
    return row.id;
  });
  return getCategory(db, id);
}

/** Renames and/or describes a category, audited `category.update`. @throws 404; 409 naming 'name'. */
export async function updateCategory(db: Database, id: string, input: CategoryUpdate, audit: AuditWriter): Promise<CategoryDetail> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const before = await findCategory(tx, id);
    if (!before) throw categoryNotFound();
    const changes = {
      name: input.name,
      description: input.description === undefined ? undefined : input.description ? input.description : null,
    };
    if (changedKeys(before, changes).length === 0) {
      audit.unchanged();
      return;
    }
    if (input.name !== undefined && (await siblingNameTaken(tx, before.parentId, input.name, id))) throw nameTaken();
    const after = await updateCategoryRow(tx, id, changes);
    await audit.record(tx, {
      action: 'category.update',
      targetType: 'category',
      targetId: id,
      before: { name: before.name, description: before.description },
      after: { name: after.name, description: after.description },
    });
  });
  return getCategory(db, id);
}

/**
 * Moves a category under `parentId` (null = the roots) at index `position` among its new siblings
 * (clamped to their number), renumbering old and new siblings; audited `category.move`
 * (before/after `{ parentId, position }`).
 * @throws HttpError 404 (the category); 404 naming 'parentId' (unknown or deleted parent);
 *   409 CONFLICT naming 'parentId' (errors.category.cycle) under itself or a descendant;
 *   409 naming 'name' when the new parent already has a child of that name.
 */
export async function moveCategory(db: Database, id: string, input: CategoryMove, audit: AuditWriter): Promise<CategoryDetail> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const before = await findCategory(tx, id);
    if (!before) throw categoryNotFound();
    const parentId = input.parentId;
    if (parentId && (parentId === id || (await subtreeIds(tx, id)).includes(parentId))) {
      throw new HttpError(409, 'CONFLICT', 'errors.category.cycle', [{ field: 'parentId', messageKey: 'errors.category.cycle' }]);
    }
    await requireLiveParent(tx, parentId);
    if (parentId === before.parentId && Math.min(input.position, (await liveChildren(tx, parentId)).length - 1) === before.position) {
      audit.unchanged();
      return;
    }
    if (parentId !== before.parentId && (await siblingNameTaken(tx, parentId, before.name, id))) throw nameTaken();
    if (parentId !== before.parentId) {
      await renumber(tx, (await liveChildren(tx, before.parentId)).filter((c) => c.id !== id));
    }
    const siblings = (await liveChildren(tx, parentId)).filter((c) => c.id !== id);
    const position = Math.min(input.position, siblings.length);
    const ordered = [...siblings.slice(0, position), { ...before, position: -1 }, ...siblings.slice(position)];
    await updateCategoryRow(tx, id, { parentId, position });
    await renumber(tx, ordered.map((c) => (c.id === id ? { id, position } : c)));
    await audit.record(tx, {
      action: 'category.move',
      targetType: 'category',
      targetId: id,
      before: { parentId: before.parentId, position: before.position },
      after: { parentId, position },
    });
  });
  return getCategory(db, id);
}

/**
 * Moves a category without live children to the recycle bin (its categorizations stay), renumbers
 * its siblings; audited `category.delete`.
 * @throws HttpError 404; 409 CONFLICT (errors.category.hasChildren) while it has live children.
 */
export async function deleteCategory(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const row = await findCategory(tx, id);
    if (!row) throw categoryNotFound();
    if ((await liveChildren(tx, id)).length) throw new HttpError(409, 'CONFLICT', 'errors.category.hasChildren');
    await markCategoryDeleted(tx, id, user.id, true);
    await renumber(tx, await liveChildren(tx, row.parentId));
    await moveToRecycleBin(tx, {
      type: 'category',
      id,
      label: row.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { parentId: row.parentId, description: row.description },
    });
    await audit.record(tx, {
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      before: { name: row.name, description: row.description, parentId: row.parentId, position: row.position },
    });
  });
}

/** The live categories of an object, by name (usage = direct usage). */
export async function categoriesOf(db: Executor, target: Target): Promise<Category[]> {
  return (await categoriesOfTarget(db, target.targetType, target.targetId)).map((r) => toCategory(r.category, r.usage));
}

/**
 * Replaces an object's live categories inside the caller's transaction, without auditing (for
 * later modules). @throws HttpError 400 naming 'categoryIds' for an unknown or deleted category.
 */
export async function setCategories(tx: Executor, target: Target, categoryIds: string[]): Promise<{ before: Category[]; after: Category[] }> {
  const ids = [...new Set(categoryIds)];
  if ((await liveCategoryIds(tx, ids)).length !== ids.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'categoryIds', messageKey: 'errors.category.unknown' }]);
  }
  const before = await categoriesOf(tx, target);
  await replaceCategorizations(tx, target.targetType, target.targetId, ids);
  return { before, after: await categoriesOf(tx, target) };
}

/** PUT /categories/assign, audited `category.assign` (before/after: the category names). */
export async function assignCategories(db: Database, input: CategoryAssign, audit: AuditWriter): Promise<Category[]> {
  return db.transaction(async (tx) => {
    const target = { targetType: input.targetType, targetId: input.targetId };
    const current = await categoriesOf(tx, target);
    if (sameIds(current.map((c) => c.id), input.categoryIds)) {
      audit.unchanged();
      return current;
    }
    const { before, after } = await setCategories(tx, target, input.categoryIds);
    await audit.record(tx, {
      action: 'category.assign',
      targetType: input.targetType,
      targetId: input.targetId,
      before: { categories: before.map((c) => c.name) },
      after: { categories: after.map((c) => c.name) },
    });
    return after;
  });
}
