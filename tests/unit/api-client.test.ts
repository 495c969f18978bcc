import { afterEach, describe, expect, mock, test } from 'bun:test';
import { ApiError, adminApi, adminUserApi, call, errorMessage, publicApi } from '#src/lib/api-client.ts';

// The typed clients (server/api.ts's routers) as the browser's screens use them, against a stubbed fetch.

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answerWith(response: Response) {
  const fetchMock = mock(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client', () => {
  test('sends cookies and a JSON body with its content type', async () => {
    const fetchMock = answerWith(Response.json({ id: 7 }, { status: 201 }));
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' };
    expect(await call(publicApi.contact.$post({ json: message }))).toEqual({ id: 7 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify(message));
  });

  test('a read sends no body and no content type', async () => {
    const fetchMock = answerWith(Response.json([{ id: 1, name: 'Career', slug: 'career' }]));
    expect(await call(publicApi.categories.$get())).toEqual([{ id: 1, name: 'Career', slug: 'career' }]);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/categories');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  test('a non-2xx answer becomes an error "status: body" that exposes the server message', async () => {
    answerWith(Response.json({ message: 'Title and content are required.' }, { status: 400 }));
    const post = { title: '', excerpt: '', content: '', categoryId: null, featured: false, published: false };
    const error = await call(adminApi['blog-posts'][':id'].$put({ param: { id: '1' }, json: post })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('400: {"message":"Title and content are required."}');
    expect(errorMessage(error, 'Failed to update blog post. Please try again.')).toBe('Title and content are required.');
  });

  test('a 400 naming a field exposes it, for the form to say the message under that field', async () => {
    answerWith(Response.json({ message: 'This password is too common. Please choose another.', field: 'password' }, { status: 400 }));
    const user = { email: 'ada@example.com', password: 'password', role: 'admin' as const };
    const error = (await call(adminUserApi.users.$post({ json: user })).catch((e: unknown) => e)) as ApiError;
    expect(error.serverField).toBe('password');
    expect(error.serverMessage).toBe('This password is too common. Please choose another.');
    expect(new ApiError(409, '{"message":"A user with this email already exists"}', 'Conflict').serverField).toBeUndefined();
    expect(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway').serverField).toBeUndefined();
  });

  test('an empty error body falls back to the status text', async () => {
    answerWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await call(publicApi.health.$get()).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'fallback')).toBe('503: Service Unavailable');
  });

  test('a 204 answer resolves to undefined', async () => {
    const fetchMock = answerWith(new Response(null, { status: 204 }));
    expect(await call(adminApi['blog-posts'][':id'].$delete({ param: { id: '1' } }))).toBeUndefined();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/blog-posts/1');
  });

  test("a network failure keeps the caller's fallback text", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await call(publicApi.health.$get()).catch((e: unknown) => e);
    expect(errorMessage(error, 'Please try again later')).toBe('Please try again later');
  });
});
