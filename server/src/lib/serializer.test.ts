/**
 * The response serialiser (lib/serializer.ts): a cachedOk envelope's JSON is computed once and
 * still passes the route's zod schema (unknown keys stripped); any other value is serialised anew
 * each time; a value breaking the schema is still refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { cachedOk, serializerCompiler } from './serializer';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'response serialization, no database');

const schema = z.object({ success: z.literal(true), data: z.object({ name: z.string() }) });
const compile = () => serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never);

test('serializer: a cached envelope is the same object, its JSON computed once and checked by the schema', () => {
  const serialise = compile();
  const data = { name: 'Audit', secret: 'never sent' };
  const envelope = cachedOk(data);
  assert.equal(cachedOk(data), envelope);
  const first = serialise(envelope);
  assert.equal(first, '{"success":true,"data":{"name":"Audit"}}');
  data.name = 'changed'; // a cached value must not change; if it did, the remembered JSON shows it was reused
  assert.equal(serialise(envelope), first);
});

test('serializer: other values are serialised on each call; a value breaking the schema throws', () => {
  const serialise = compile();
  const envelope = { success: true, data: { name: 'A' } };
  assert.equal(serialise(envelope), '{"success":true,"data":{"name":"A"}}');
  envelope.data.name = 'B';
  assert.equal(serialise(envelope), '{"success":true,"data":{"name":"B"}}');
  assert.throws(() => serialise({ success: true, data: { name: 1 } }));
  assert.throws(() => serialise(cachedOk({ title: 'no name' })));
});
