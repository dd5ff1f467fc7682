/**
 * Recognises PostgreSQL errors across drivers (pg and PGlite both expose `code`; Drizzle may wrap
 * the driver error in `cause`).
 */

/** The SQLSTATE of a database error, looking through `cause`, or undefined. */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** The name of the constraint or index a database error names (e.g. a unique index), looking through `cause`. */
export function constraintOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string' && name) return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
