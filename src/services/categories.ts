/** Categories and categorising: /api/v1/categories. The tree: any signed-in user. */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { Category, CategoryCreate, CategoryDetail, CategoryMove, CategoryUpdate, Target } from '../../contracts';

/** A category with its children, as antd Tree/TreeSelect nest them. */
export interface CategoryNode extends Category {
  children: CategoryNode[];
}

/** Nests the flat list of GET /categories (ordered by parent, position) into root nodes. */
export function toCategoryTree(flat: Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(flat.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const c of flat) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sortDeep = (list: CategoryNode[]) => {
    list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    list.forEach((n) => sortDeep(n.children));
  };
  sortDeep(roots);
  return roots;
}

/** Every live category, flat (ordered by parent and position). */
export async function listCategories(): Promise<Category[]> {
  const res = await request<Ok<Category[]>>('/api/v1/categories', { method: 'GET' });
  return res.data;
}

/** One category with its path and children; rejects 404. */
export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryDetail> {
  const res = await request<Ok<CategoryDetail>>(`/api/v1/categories/${encodeURIComponent(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Creates a category as the last child of `parentId`; 409 names 'name'. */
export async function createCategory(input: CategoryCreate): Promise<CategoryDetail> {
  const res = await request<Ok<CategoryDetail>>('/api/v1/categories', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Renames or describes a category; 409 names 'name'. */
export async function updateCategory(id: string, input: CategoryUpdate): Promise<CategoryDetail> {
  const res = await request<Ok<CategoryDetail>>(`/api/v1/categories/${encodeURIComponent(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Re-parents and reorders; rejects 409 (naming 'parentId') for a cycle. */
export async function moveCategory(id: string, input: CategoryMove): Promise<CategoryDetail> {
  const res = await request<Ok<CategoryDetail>>(`/api/v1/categories/${encodeURIComponent(id)}/move`, {
    method: 'PUT',
    data: input,
    skipErrorHandler: true,
  });
  return res.data;
}

/** Moves a category to the recycle bin; rejects 409 while it has subcategories. */
export async function deleteCategory(id: string): Promise<void> {
  await request(`/api/v1/categories/${encodeURIComponent(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** The categories of an object. */
export async function categoriesOf(target: Target): Promise<Category[]> {
  const res = await request<Ok<Category[]>>('/api/v1/categories/of', { method: 'GET', params: target });
  return res.data;
}

/** Replaces the categories of an object; resolves its categories now. */
export async function assignCategories(target: Target, categoryIds: string[]): Promise<Category[]> {
  const res = await request<Ok<Category[]>>('/api/v1/categories/assign', {
    method: 'PUT',
    data: { ...target, categoryIds },
    skipErrorHandler: true,
  });
  return res.data;
}
