import { MAX_RECORDS, nextParams, parseCompareParams, toSearch } from './useCompareParams';

describe('compare URL state', () => {
  it('reads the mode, choosing records mode for a bare records list', () => {
    expect(parseCompareParams(new URLSearchParams('app=a&subject=s&record=r1&field=f'))).toEqual({
      mode: 'versions',
      app: 'a',
      subject: 's',
      field: 'f',
      record: 'r1',
      records: [],
    });
    expect(parseCompareParams(new URLSearchParams('records=r1,r2,,r1')).mode).toBe('records');
    expect(parseCompareParams(new URLSearchParams('records=r1,r2,,r1')).records).toEqual(['r1', 'r2']);
    expect(parseCompareParams(new URLSearchParams('mode=bogus')).mode).toBe('versions');
    const many = Array.from({ length: 15 }, (_, i) => `r${i}`).join(',');
    expect(parseCompareParams(new URLSearchParams(`records=${many}`)).records).toHaveLength(MAX_RECORDS);
  });

  it('writes only what the mode uses', () => {
    const p = parseCompareParams(new URLSearchParams('mode=records&app=a&subject=s&record=r9&records=r1,r2&field=f'));
    expect(toSearch(p).toString()).toBe('mode=records&app=a&subject=s&records=r1%2Cr2&field=f');
    expect(parseCompareParams(toSearch(p)).records).toEqual(['r1', 'r2']);
  });

  it('resets what depends on a changed choice and carries records across modes', () => {
    const p = parseCompareParams(new URLSearchParams('app=a&subject=s&record=r1&field=f'));
    expect(nextParams(p, { app: 'b' })).toMatchObject({ app: 'b', subject: undefined, field: undefined, record: undefined, records: [] });
    expect(nextParams(p, { subject: 't' })).toMatchObject({ app: 'a', subject: 't', field: undefined, record: undefined });
    expect(nextParams(p, { subject: 's' })).toMatchObject({ field: 'f', record: 'r1' });
    expect(nextParams(p, { mode: 'records' })).toMatchObject({ mode: 'records', records: ['r1'], field: 'f' });
    const r = parseCompareParams(new URLSearchParams('mode=records&app=a&subject=s&records=r2,r3'));
    expect(nextParams(r, { mode: 'versions' })).toMatchObject({ mode: 'versions', record: 'r2' });
  });
});
