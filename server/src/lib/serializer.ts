/**
 * The response serialiser: fastify-type-provider-zod's (the route's zod response schema checks and
 * strips the value, then JSON.stringify), with one shortcut for values the read cache hands out.
 * Such a value is immutable and served to many requests, so its JSON is computed once per cache
 * load: `cachedOk(data)` gives the same envelope object for the same cached `data`, and the
 * serialiser remembers that envelope's JSON (WeakMaps: both go when the cache drops the value).
 * Everything else is serialised on each response as before. (bench/api-throughput.mjs: the zod check of
 * an application's detail was the largest single cost of a signed-in GET answered from the cache.)
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { Ok } from '../../../contracts';
import { ok } from './envelope';

/** Envelopes of cached values, by value; only these are memoised. */
const envelopes = new WeakMap<object, Ok<unknown>>();

/**
 * `{ success: true, data }` for an immutable `data` taken from the read cache: the same envelope
 * object each time, so the serialiser can reuse its JSON. Never pass a value that may change later.
 */
export function cachedOk<T extends object>(data: T): Ok<T> {
  let envelope = envelopes.get(data) as Ok<T> | undefined;
  if (!envelope) {
    envelope = ok(data);
    envelopes.set(data, envelope);
  }
  return envelope;
}

/** The serializer compiler for `app.setSerializerCompiler`: the zod one, memoised for cachedOk envelopes (per route and status). */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialise = (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
  const memo = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !isCachedEnvelope(data)) return serialise(data);
    let json = memo.get(data);
    if (json === undefined) {
      json = serialise(data);
      memo.set(data, json);
    }
    return json;
  };
};

/** True for an envelope made by cachedOk. */
function isCachedEnvelope(data: object): boolean {
  const inner = (data as { data?: unknown }).data;
  return typeof inner === 'object' && inner !== null && envelopes.get(inner) === data;
}
