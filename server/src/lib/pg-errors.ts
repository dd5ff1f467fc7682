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

/**
 * SQLSTATEs of values PostgreSQL refuses (class 22 "data exception", 54000 "program limit
 * exceeded"), which in this server only a value from the request can cause once it is past the
 * routes' validation: the error handler's safety net answers them 400 instead of 500 (and logs a
 * warning, since a route should have refused the value itself and named its field).
 * - text it cannot store: 22021 character_not_in_repertoire (a NUL in a text parameter),
 *   22P05 untranslatable_character (a NUL or lone surrogate escape in jsonb);
 * - values it cannot take: 22P02 invalid_text_representation (e.g. 'abc'::uuid), 22007
 *   invalid_datetime_format, 22008 datetime_field_overflow, 22003 numeric_value_out_of_range,
 *   22001 string_data_right_truncation, 54000 program_limit_exceeded (e.g. an index row too big).
 * Source: PostgreSQL 16 manual, Appendix A "PostgreSQL Error Codes".
 */
const BAD_TEXT_STATES = new Set(['22021', '22P05']);
const BAD_VALUE_STATES = new Set(['22P02', '22007', '22008', '22003', '22001', '54000']);

/** 'text' or 'value' when `err` is a database refusal of a bad input value (see above), else undefined. */
export function badInputKind(err: unknown): 'text' | 'value' | undefined {
  const state = sqlState(err);
  if (state === undefined) return undefined;
  if (BAD_TEXT_STATES.has(state)) return 'text';
  if (BAD_VALUE_STATES.has(state)) return 'value';
  return undefined;
}
