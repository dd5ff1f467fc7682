import { ApiError } from '../services/api-error';
import { fetchRouteData, serverLoaderUrl } from './fetchRouteData';

/** The part of a fetch Response that fetchRouteData reads (jsdom has no Response). */
const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

describe('docs/routes-and-loading.md "Route data" server-loader call', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('sends the route id and the page URL as query parameters', () => {
    expect(serverLoaderUrl('12', 'http://h/admin?x=1')).toBe('/__serverLoader?route=12&url=http%3A%2F%2Fh%2Fadmin%3Fx%3D1');
  });

  it('GETs with credentials included and reads the JSON answer', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return reply(200, { success: true, data: { n: 1 } });
    }) as unknown as typeof fetch;
    await expect(fetchRouteData<{ n: number }>('7', 'http://h/admin', undefined, 'en-US')).resolves.toEqual({ n: 1 });
    expect(calls[0].url).toBe('/__serverLoader?route=7&url=http%3A%2F%2Fh%2Fadmin');
    expect(calls[0].init?.credentials).toBe('include');
    expect(calls[0].init?.method ?? 'GET').toBe('GET');
    expect((calls[0].init?.headers as Record<string, string>)['Accept-Language']).toBe('en-US');
  });

  it('rejects with the server error envelope', async () => {
    global.fetch = jest.fn(
      async () => reply(404, { success: false, errorCode: 'NOT_FOUND', errorMessage: 'nope', showType: 2 }),
    ) as unknown as typeof fetch;
    const err = await fetchRouteData('1', 'http://h/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
  });

  it('turns a network failure into status 0 (retried by the policy)', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const err = await fetchRouteData('1', 'http://h/x').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(0);
  });
});
