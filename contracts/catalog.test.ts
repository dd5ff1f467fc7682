import { categoryMoveSchema, isMessageKey, tagCreateSchema, variableCreateSchema, variableValueProblem } from './index';

describe('variable values by type (Variables)', () => {
  it('checks numbers, JSON and secrets; text takes anything', () => {
    expect(variableValueProblem('number', '12.5')).toBeNull();
    expect(variableValueProblem('number', '-3e2')).toBeNull();
    expect(variableValueProblem('number', '12abc')).toBe('errors.variable.number');
    expect(variableValueProblem('number', ' ')).toBe('errors.variable.number');
    expect(variableValueProblem('json', '{"a":1}')).toBeNull();
    expect(variableValueProblem('json', '{a:1}')).toBe('errors.variable.json');
    expect(variableValueProblem('secret', '')).toBe('errors.required');
    expect(variableValueProblem('text', '')).toBeNull();
  });

  it('reports the problem on the value field with a known message key', () => {
    const bad = variableCreateSchema.safeParse({ key: 'limit', type: 'number', value: 'x' });
    expect(bad.error?.issues[0].path).toEqual(['value']);
    expect(isMessageKey(bad.error?.issues[0].message ?? '')).toBe(true);
    const badKey = variableCreateSchema.safeParse({ key: '9lives', type: 'text', value: '' });
    expect(badKey.error?.issues[0].path).toEqual(['key']);
    expect(isMessageKey(badKey.error?.issues[0].message ?? '')).toBe(true);
  });
});

describe('tags and categories', () => {
  it('takes #rrggbb colours only', () => {
    expect(tagCreateSchema.safeParse({ name: 'x', color: '#A0b1C2' }).success).toBe(true);
    expect(tagCreateSchema.safeParse({ name: 'x', color: 'red' }).error?.issues[0].message).toBe('errors.tag.color');
  });
  it('moves take a parent (or null) and a non-negative position', () => {
    expect(categoryMoveSchema.safeParse({ parentId: null, position: 0 }).success).toBe(true);
    expect(categoryMoveSchema.safeParse({ parentId: null, position: -1 }).success).toBe(false);
  });
});
