import { ApiError, toApiError, toFormFields } from './api-error';

describe('toApiError', () => {
  it('reads the server envelope of a rejected request', () => {
    const e = toApiError({
      response: {
        status: 400,
        data: {
          success: false,
          errorCode: 'VALIDATION_FAILED',
          errorMessage: 'bad',
          showType: 2,
          details: [{ field: 'slug', message: 'reserved' }],
        },
      },
    });
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.errorCode, e.message, e.details.length]).toEqual([400, 'VALIDATION_FAILED', 'bad', 1]);
  });

  it("keeps a 409's conflict (TYPE_CHANGE_REFUSED lists the breaking records)", () => {
    const conflict = { field: 'amount', count: 1, records: [{ id: 'r1', value: 'n/a' }] };
    const e = toApiError({
      response: { status: 409, data: { success: false, errorCode: 'TYPE_CHANGE_REFUSED', errorMessage: 'refused', showType: 2, conflict } },
    });
    expect([e.status, e.errorCode, e.conflict]).toEqual([409, 'TYPE_CHANGE_REFUSED', conflict]);
  });

  it('turns a network failure into status 0', () => {
    const e = toApiError(new Error('Network Error'));
    expect([e.status, e.errorCode]).toEqual([0, 'NETWORK']);
  });
});

describe('toFormFields', () => {
  it('groups every message of a field and splits dotted paths', () => {
    const e = new ApiError({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      message: 'x',
      details: [
        { field: 'password', message: 'too short' },
        { field: 'password', message: 'too simple' },
        { field: 'members.0.role', message: 'bad role' },
      ],
    });
    expect(toFormFields(e)).toEqual([
      { name: ['password'], errors: ['too short', 'too simple'] },
      { name: ['members', 0, 'role'], errors: ['bad role'] },
    ]);
  });
});
