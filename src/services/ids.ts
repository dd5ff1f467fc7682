/**
 * Record and resource ids as the server writes them: UUIDs. A page whose address holds anything
 * else shows 404 at once instead of asking the server (which answers 400 for a malformed id).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is a UUID (any version, either case). */
export const isUuid = (id: string): boolean => UUID.test(id);
