import { RE2JS } from 're2js';
import { createUserPatternCompiler, findUnsupportedFeature, USER_PATTERN_COST_MAX, USER_PATTERN_INPUT_MAX } from './user-pattern';

const compile = createUserPatternCompiler(RE2JS);

describe('user patterns (RE2, linear time)', () => {
  it('finds lookaround and backreferences outside classes and escapes only', () => {
    expect(findUnsupportedFeature('(?=a)')).toEqual({ feature: 'lookahead', detail: '(?=' });
    expect(findUnsupportedFeature('x(?!a)')).toEqual({ feature: 'lookahead', detail: '(?!' });
    expect(findUnsupportedFeature('(?<=a)b')).toEqual({ feature: 'lookbehind', detail: '(?<=' });
    expect(findUnsupportedFeature('(a)\\2')).toEqual({ feature: 'backreference', detail: '\\2' });
    expect(findUnsupportedFeature('(?<n>a)\\k<n>')).toEqual({ feature: 'backreference', detail: '\\k<' });
    for (const plain of ['[(?=]', '\\(?=a', '[\\1]', '\\\\1x', '(?<name>a)', '(?:a)'])
      expect(findUnsupportedFeature(plain)).toBeUndefined();
  });

  it('matches the whole value, translating JavaScript syntax, and refuses what would escape the anchors', () => {
    const r = compile('(?<y>\\d{4})-\\u0041');
    expect(r.ok && r.pattern.test('2026-A')).toBe(true);
    expect(r.ok && r.pattern.test('x2026-A')).toBe(false);
    expect(compile('a)|(b')).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
    expect(compile('a{1001}')).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
    expect(compile('x'.repeat(501))).toMatchObject({ ok: false, problem: { kind: 'tooLong', max: 500 } });
  });

  it('bounds the value by the program size and caches compiled patterns', () => {
    const small = compile('(a+)+');
    expect(small.ok && small.pattern.maxInput).toBe(USER_PATTERN_INPUT_MAX);
    expect(compile('(a+)+')).toBe(small);
    const big = compile('(?:.*a){180}');
    if (!big.ok) throw new Error('compiles');
    expect(big.pattern.maxInput).toBe(Math.floor(USER_PATTERN_COST_MAX / big.pattern.programSize));
    expect(big.pattern.test('a'.repeat(big.pattern.maxInput + 1))).toBe(false);
  });
});
