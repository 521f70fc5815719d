import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest, errorMessage } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = '') {
  fetchMock.mockResolvedValueOnce(new Response(body === '' ? null : body, { status, statusText }));
}

describe('apiRequest', () => {
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends cookies, and a JSON body with a JSON content type', async () => {
    vi.stubGlobal('fetch', fetchMock);
    answer(200, '{"id":1}');
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as is, with no content type of its own', async () => {
    vi.stubGlobal('fetch', fetchMock);
    answer(201, '{}');
    const form = new FormData();
    await apiRequest('/api/upload', { method: 'POST', body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it("keeps the JSON error body's details on the ApiError, and none for a body that is not ours", async () => {
    vi.stubGlobal('fetch', fetchMock);
    answer(409, '{"error":{"code":"conflict","message":"Changed elsewhere","details":{"currentVersion":4}}}');
    const error = await apiRequest('/api/documents/1/content').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual({ currentVersion: 4 });
    answer(502, '<html>Bad Gateway</html>');
    expect(((await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError).details).toBeUndefined();
  });

  it('turns a non-OK answer into "<status>: <body>", or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', fetchMock);
    answer(401, '{"error":{"code":"unauthenticated","message":"Not authenticated"}}');
    await expect(apiRequest('/api/auth/user')).rejects.toThrow('401: {"error":{"code":"unauthenticated","message":"Not authenticated"}}');
    answer(502, '', 'Bad Gateway');
    await expect(apiRequest('/api/auth/user')).rejects.toThrow('502: Bad Gateway');
  });

  it('says the server cannot be reached when fetch itself fails', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/auth/user')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});

describe('errorMessage', () => {
  it("reads the server's error.message out of our JSON error body", () => {
    const error = new ApiError(401, '401: {"error":{"code":"unauthenticated","message":"Invalid email or password."}}');
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password.');
  });

  it('uses a plain-text body as is', () => {
    expect(errorMessage(new ApiError(500, '500: Database is down'), 'fallback')).toBe('Database is down');
  });

  it('falls back when there is nothing a person could read', () => {
    expect(errorMessage(new ApiError(502, '502: <html><body>Bad gateway</body></html>'), 'fallback')).toBe('fallback');
    expect(errorMessage('not an error', 'fallback')).toBe('fallback');
  });
});
