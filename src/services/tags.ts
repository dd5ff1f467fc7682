/**
 * Tags and tagging: /api/v1/tags, through the resource kit's client (services/resource-api.ts)
 * made from contracts/tags.resource.ts. Listing: any signed-in user; the rest: administrators.
 * Besides the kit's routes: the tags of an object, and replacing them.
 */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { Tag, TagCreate, Target } from '../../contracts';
import { tagResource, type TagResource } from '../../contracts/tags.resource';
import { resourceApi, type ResourceListParams } from './resource-api';

/** The tags' API client: list (`q`, `sort` name|usage|createdAt|updatedAt), get, create, update, remove. */
export const tagsApi = resourceApi(tagResource);

/** A page of tags with usage. */
export const listTags = (params: ResourceListParams<TagResource> = {}) => tagsApi.list(params);

/** Creates a tag; 409 names 'name'. */
export const createTag = (input: TagCreate): Promise<Tag> => tagsApi.create(input);

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
