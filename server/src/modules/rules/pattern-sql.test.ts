/**
 * Patterns in SQL (pattern-sql.ts, docs/rules.md "Patterns in SQL"): random patterns of the subset
 * and outside it, over random texts, give the same verdict from re2js (compileUserPattern, what a
 * write runs) and from PostgreSQL's `~` over the translation (what a run over the subject runs), on
 * PGlite, or PostgreSQL with TEST_DATABASE_URL. Seed fixed for CI (RULES_SEED, RULES_RUNS to explore).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { rowsOf } from '../../db/client';
import { compileUserPattern } from '../../lib/user-pattern';
import { createTestApp, type TestApp } from '../../test/helpers';
import { patternToPostgresRegex } from './pattern-sql';

const seed = Number(process.env.RULES_SEED ?? 20261127);
const runs = Number(process.env.RULES_RUNS ?? 300);

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t?.close());

const ALPHABET = ['a', 'b', 'A', 'Z', '0', '9', '.', '-', '_', ' ', '\n', '\r', '\t', 'é', '٣', '\\', '[', ']', '^', '$', '(', '|', '€'];
const texts = fc.sample(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((cs) => cs.join('')), { numRuns: 120, seed });

/** Patterns in and around the subset: atoms, classes, escapes, groups, alternation, quantifiers. */
const { pattern } = fc.letrec<{ pattern: string; branch: string; atom: string; piece: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: 'small' },
    { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'A', '0', 'é', '€', ' ', '.', '\\.', '\\-', '\\\\', '\\d', '\\D', '\\w', '\\W', '\\n', '\\t', '_', '-', ']', '\\[', '\\$') },
    { weight: 5, arbitrary: fc.constantFrom('[a-z]', '[^a]', '[A-Z0-9]', '[\\d.]', '[-_a]', '[a-]', '[\\w\\-]', '[\\]\\\\]', '[é-ê]', '[^\\n]', '[.]', '[$^]') },
    // outside the subset (or not a pattern at all): rarer
    { weight: 1, arbitrary: fc.constantFrom('\\s', '\\b', '\\u0041', '}', '^', '$', '[]', '[^]', '[\\s]') },
    { weight: 1, arbitrary: tie('pattern').map((p) => `(${p})`) },
    { weight: 1, arbitrary: tie('pattern').map((p) => `(?:${p})`) },
    { weight: 1, arbitrary: tie('pattern').map((p) => `(?<g>${p})`) },
  ),
  piece: fc
    .tuple(tie('atom'), fc.constantFrom('', '', '', '', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*', '+', '?', '{2,1}', '*?', '{300}'))
    .map(([a, q]) => a + q),
  branch: fc.array(tie('piece'), { minLength: 1, maxLength: 3 }).map((xs) => xs.join('')),
  pattern: fc.array(tie('branch'), { minLength: 1, maxLength: 2 }).map((xs) => xs.join('|')),
}));

test('patterns in SQL: re2js and PostgreSQL\'s ~ over the translation agree on every text', async () => {
  let translated = 0;
  const problems: string[] = [];
  for (const source of fc.sample(pattern, { numRuns: runs, seed })) {
    const compiled = compileUserPattern(source);
    const regex = patternToPostgresRegex(source);
    if (!compiled.ok || regex === null) continue;
    translated += 1;
    const rows = rowsOf<{ i: number; m: boolean }>(
      await t.handle.db.execute(
        sql`select u.i::int as i, (u.v collate "C" ~ ${regex}::text) as m from unnest(${sql.param(texts)}::text[]) with ordinality as u(v, i)`,
      ),
    );
    for (const { i, m } of rows) {
      const text = texts[Number(i) - 1]!;
      if (m !== compiled.pattern.test(text)) problems.push(`${JSON.stringify(source)} → ${regex} on ${JSON.stringify(text)}: re2js ${!m}, SQL ${m}`);
    }
  }
  assert.deepEqual(problems.slice(0, 10), []);
  assert.ok(translated >= runs * 0.3, `${translated} of ${runs} patterns translated`);
});

test('patterns in SQL: the benchmark\'s patterns translate; what is outside the subset does not', () => {
  assert.equal(patternToPostgresRegex('[A-Z]{2}[0-9]+'), '^(?:[A-Z]{2}[0-9]+)$');
  assert.equal(patternToPostgresRegex('[a-z0-9.]+@[a-z]+\\.(com|org)'), '^(?:[a-z0-9\\u002e]+\\u0040[a-z]+\\u002e(?:com|org))$');
  for (const source of ['\\s+', 'a*?', '^a', 'a$', '(?i)a', '\\bx', 'a{256}', '[]', '[^]', 'a||b', '()', '\\p{L}', '\u{1F600}', '\\u0041', 'a{,2}'])
    assert.equal(patternToPostgresRegex(source), null, source);
});
