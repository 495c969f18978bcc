import { afterEach, describe, expect, mock, test } from 'bun:test';
import { ApiError, api, errorMessage } from '../../src/lib/api-client.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(response: Response) {
  const fetchMock = mock(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client', () => {
  test('sends cookies and a JSON body with its content type', async () => {
    const fetchMock = answer(Response.json({ id: 7 }, { status: 201 }));
    expect(await api.post<{ id: number }>('/api/contact', { name: 'Ada' })).toEqual({ id: 7 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Ada"}');
  });

  test('a read sends no body and no content type', async () => {
    const fetchMock = answer(Response.json([1, 2]));
    expect(await api.get<number[]>('/api/categories')).toEqual([1, 2]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  test('a non-2xx answer becomes an error "status: body" that exposes the server message', async () => {
    answer(Response.json({ message: 'Title and content are required.' }, { status: 400 }));
    const error = await api.put('/api/admin/blog-posts/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('400: {"message":"Title and content are required."}');
    expect(errorMessage(error, 'Failed to update blog post. Please try again.')).toBe('Title and content are required.');
  });

  test('a 400 naming a field exposes it, for the form to say the message under that field', async () => {
    answer(Response.json({ message: 'This password is too common. Please choose another.', field: 'password' }, { status: 400 }));
    const error = (await api.post('/api/auth/admin/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.serverField).toBe('password');
    expect(error.serverMessage).toBe('This password is too common. Please choose another.');
    expect(new ApiError(409, '{"message":"A user with this email already exists"}', 'Conflict').serverField).toBeUndefined();
    expect(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway').serverField).toBeUndefined();
  });

  test('an empty error body falls back to the status text', async () => {
    answer(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.get('/api/health').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'fallback')).toBe('503: Service Unavailable');
  });

  test('a 204 answer resolves to undefined', async () => {
    answer(new Response(null, { status: 204 }));
    expect(await api.delete('/api/admin/blog-posts/1')).toBeUndefined();
  });

  test("a network failure keeps the caller's fallback text", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await api.get('/api/health').catch((e: unknown) => e);
    expect(errorMessage(error, 'Please try again later')).toBe('Please try again later');
  });
});
