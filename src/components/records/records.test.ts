import type { RecordPage } from '../../../contracts';
import { ApiError } from '../../services/api-error';
import type { RecordListParams } from '../../services/records';
import { changedKeys } from './detail/changes';
import { recordFormFields } from './errors';
import { recordSortParam, toRecordRequest } from './request';

const emptyPage = (over: Partial<RecordPage> = {}): RecordPage => ({
  success: true,
  data: [],
  total: 0,
  totalExact: true,
  current: 1,
  pageSize: 20,
  nextCursor: null,
  labels: {},
  files: {},
  ...over,
});

describe('recordSortParam', () => {
  it("maps ProTable's sort of value columns and system columns to the API's", () => {
    expect(recordSortParam({ 'values,amount': 'descend' })).toBe('amount:desc');
    expect(recordSortParam({ createdAt: 'ascend', 'values,title': 'descend' })).toBe('createdAt:asc,title:desc');
    expect(recordSortParam({ 'values,amount': null })).toBeUndefined();
    expect(recordSortParam(undefined)).toBeUndefined();
  });
});

describe('toRecordRequest', () => {
  it('sends paging, sort, search and filter, and hands the page extras over', async () => {
    const calls: RecordListParams[] = [];
    const seen: RecordPage[] = [];
    const page = emptyPage({ total: 12000, totalExact: false, labels: { u: 'Ada' } });
    const request = toRecordRequest(
      async (p) => {
        calls.push(p);
        return page;
      },
      () => ({ q: '  audit ', filter: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'open' }] } }),
      (p) => seen.push(p),
    );
    const res = await request({ current: 3, pageSize: 500 }, { 'values,due': 'ascend' });
    expect(calls).toEqual([
      {
        current: 3,
        pageSize: 200,
        sort: 'due:asc',
        q: 'audit',
        filter: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'open' }] },
      },
    ]);
    expect(res).toEqual({ data: [], total: 12000, success: true });
    expect(seen).toEqual([page]);
  });
});

describe('recordFormFields', () => {
  it("puts `values.<key>` details under the field's item and ignores others", () => {
    const e = new ApiError({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      message: 'x',
      details: [
        { field: 'values.amount', message: 'too big' },
        { field: 'values.amount', message: 'not exact' },
        { field: 'title', message: 'required' },
        { field: 'version', message: 'stale' },
      ],
    });
    expect(recordFormFields(e, ['amount', 'title'])).toEqual([
      { name: ['amount'], errors: ['too big', 'not exact'] },
      { name: ['title'], errors: ['required'] },
    ]);
    expect(recordFormFields(new Error('x'), ['amount'])).toEqual([]);
  });
});

describe('changedKeys', () => {
  it('lists the touched fields whose value differs (null and undefined alike)', () => {
    const base = { a: '1', b: ['x'], c: null, d: true };
    expect(changedKeys({ a: '1', b: ['x', 'y'], c: undefined, d: false }, base, ['a', 'b', 'c', 'd'])).toEqual(['b', 'd']);
    expect(changedKeys({ a: '2', c: '' }, base, ['a', 'c'])).toEqual(['a', 'c']);
  });
});
