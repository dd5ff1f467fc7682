/** Tags and tagging: /api/v1/tags. Listing: any signed-in user; the rest: administrators. */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Tag, TagCreate, TagUpdate, Target } from '../../contracts';

/** A page of tags with usage; `sort` name|usage|createdAt:asc|desc. */
export async function listTags(params: { current?: number; pageSize?: number; q?: string; sort?: string } = {}): Promise<Page<Tag>> {
  return request<Page<Tag>>('/api/v1/tags', { method: 'GET', params });
}

/** Creates a tag; 409 names 'name'. */
export async function createTag(input: TagCreate): Promise<Tag> {
  const res = await request<Ok<Tag>>('/api/v1/tags', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Renames or recolours a tag; 409 names 'name'. */
export async function updateTag(id: string, input: TagUpdate): Promise<Tag> {
  const res = await request<Ok<Tag>>(`/api/v1/tags/${encodeURIComponent(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Moves a tag to the recycle bin (its taggings come back with a restore). */
export async function deleteTag(id: string): Promise<void> {
  await request(`/api/v1/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The tags of an object. */
export async function tagsOf(target: Target): Promise<Tag[]> {
  const res = await request<Ok<Tag[]>>('/api/v1/tags/of', { method: 'GET', params: target });
  return res.data;
}

/** Replaces the tags of an object; resolves its tags now. */
export async function assignTags(target: Target, tagIds: string[]): Promise<Tag[]> {
  const res = await request<Ok<Tag[]>>('/api/v1/tags/assign', { method: 'PUT', data: { ...target, tagIds }, skipErrorHandler: true });
  return res.data;
}
