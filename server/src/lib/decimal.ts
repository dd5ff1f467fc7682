/**
 * Exact decimals without loading mathjs (whose require costs most of a second per process):
 * decimal.js — mathjs's own BigNumber implementation — configured as mathjs's BigNumber is by
 * default (64 significant digits, Euclidean modulo). Used where values are parsed, compared and
 * printed (records/values.ts, imports/imports.coerce.ts); formulas compute on mathjs itself.
 */
import Decimal from 'decimal.js';

/** decimal.js's Decimal with mathjs's default BigNumber configuration. */
export const BigDecimal = Decimal.clone({ precision: 64, modulo: Decimal.EUCLID });

/**
 * `value` as a decimal, as mathjs's `bignumber` makes it (a number through its shortest text, so a
 * double with more than 15 digits is not refused). @throws Error ("[DecimalError] Invalid argument")
 * when the text is no number.
 */
export function bignumber(value: string | number): Decimal {
  return new BigDecimal(typeof value === 'number' ? String(value) : value);
}
