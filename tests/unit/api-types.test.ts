// The typed contract (issue 30): a screen's call is checked against the route it calls. Each
// `@ts-expect-error` below is a mistake the compiler must refuse; if a route's type ever widened to
// `any`, the mistake would compile, the directive would be unused, and `bun run typecheck` (the
// first step of `bun run test`) would fail. The runtime half proves the same calls reach the routes.
import { describe, expect, test } from 'bun:test';
import { type AnswerBody, adminApi, adminLink, type adminUserApi, apiClients, call, publicApi } from '#src/lib/api-client.ts';

type Newsletters = AnswerBody<Awaited<ReturnType<typeof adminApi.newsletters.$get>>>;
type Users = AnswerBody<Awaited<ReturnType<typeof adminUserApi.users.$get>>>;

/** Compile-time only: never called. */
function contractChecks(newsletters: Newsletters, users: Users) {
  const pageNumber: number = newsletters.page;
  const subject: string | undefined = newsletters.newsletters[0]?.subject;
  // @ts-expect-error the newsletter list answers no `items`: its rows are `newsletters`
  newsletters.items;
  // @ts-expect-error a user's answer never carries the password hash
  users[0]?.passwordHash;
  // @ts-expect-error a post's id travels as text in its path
  adminApi['blog-posts'][':id'].$get({ param: { id: 1 } });
  // @ts-expect-error publishing takes `{ published }`, nothing else
  adminApi['blog-posts'][':id'].publish.$patch({ param: { id: '1' }, json: { publish: true } });
  // @ts-expect-error the contact form must send a message
  publicApi.contact.$post({ json: { name: 'Ada', email: 'ada@example.com', subject: 'Hi' } });
  // @ts-expect-error there is no such route
  adminApi.nowhere.$get();
  return [pageNumber, subject];
}

// Compiled, never run: its mistakes are for the type-check.
void contractChecks;

describe('the typed API client', () => {
  test('builds the address each route is mounted at', () => {
    const site = apiClients({ origin: 'https://coach.example' });
    expect(site.adminApi.newsletters[':id'].$url({ param: { id: '7' } }).href).toBe('https://coach.example/api/admin/newsletters/7');
    expect(site.adminUserApi.users[':id'].password.$url({ param: { id: '3' } }).pathname).toBe('/api/auth/admin/users/3/password');
    expect(site.publicApi.bookings.manage.$url({ query: { token: 'a b' } }).search).toBe('?token=a+b');
    // A link on a page: the same relative text in the server's render and the browser's.
    expect(adminLink(adminApi.privacy.export.$path({ query: { email: 'ada@example.com' } }))).toBe(
      '/api/admin/privacy/export?email=ada%40example.com',
    );
  });

  test('a call answers the route body, typed', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => Response.json({ status: 'ok' })) as unknown as typeof fetch;
    try {
      const health = await call(publicApi.health.$get());
      expect(health).toEqual({ status: 'ok' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
