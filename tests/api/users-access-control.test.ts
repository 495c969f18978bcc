// Admin user management: who may call the users endpoints (docs/security.md users, protected accounts):
// signed out 401, a user 403, an admin from a foreign Origin or with none 403. Every refusal asserts the
// status, the exact body and that the users and sessions tables are exactly as they were.
import { describe, test } from 'bun:test';
import { adminUsersApi, call, MESSAGES, type Method, NEW_PASSWORD, ownerAccount, USERS, validNewUser } from '../helpers/admin-users.ts';
import { request } from '../helpers/app.ts';
import { adminSession, createUserRow, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const owner = ownerAccount(db);
const { expectRefused } = adminUsersApi(db, admin);

describe('access control on every users endpoint', () => {
  const valid = { password: NEW_PASSWORD };
  const endpoints: { name: string; method: Method; path: (targetId: number) => string; body?: () => unknown }[] = [
    { name: 'GET /users', method: 'GET', path: () => USERS },
    { name: 'POST /users', method: 'POST', path: () => USERS, body: () => validNewUser({ role: 'admin' }) },
    { name: 'PATCH /users/:id/password', method: 'PATCH', path: (id) => `${USERS}/${id}/password`, body: () => valid },
    {
      name: 'PATCH /users/:id/profile',
      method: 'PATCH',
      path: (id) => `${USERS}/${id}/profile`,
      body: () => ({ profileImageUrl: '/x.png' }),
    },
    { name: 'DELETE /users/:id', method: 'DELETE', path: (id) => `${USERS}/${id}` },
  ];

  for (const endpoint of endpoints) {
    test(`${endpoint.name}: signed out → 401 "Authentication required", nothing changed`, async () => {
      const target = await createUserRow(db());
      await expectRefused(() => call(endpoint.method, endpoint.path(target.id), endpoint.body?.()), 401, { message: MESSAGES.signedOut });
    });

    test(`${endpoint.name}: a user-role session → 403 "Admin privileges required", nothing changed`, async () => {
      const user = await signedIn(db(), 'user');
      // The user's own row as the target: not even self-service passes the admin guard.
      await expectRefused(() => call(endpoint.method, endpoint.path(user.user.id), endpoint.body?.(), { Cookie: user.cookie }), 403, {
        message: MESSAGES.notAdmin,
      });
    });

    if (endpoint.method !== 'GET') {
      test(`${endpoint.name}: an admin cookie from a foreign Origin → 403 "Cross-site request refused", nothing changed`, async () => {
        const target = await createUserRow(db());
        await expectRefused(
          () => call(endpoint.method, endpoint.path(target.id), endpoint.body?.(), { ...admin.headers(), Origin: 'https://evil.example' }),
          403,
          { message: MESSAGES.crossSite },
        );
      });
    }
  }

  test('a write with no Origin and no Referer is refused even with an admin cookie', async () => {
    const target = await createUserRow(db());
    await expectRefused(() => request(`${USERS}/${target.id}`, { method: 'DELETE', headers: admin.headers() }), 403, {
      message: MESSAGES.crossSite,
    });
  });

  test('the owner cannot be deleted from a foreign Origin either: the CSRF check answers first', async () => {
    await expectRefused(
      () => call('DELETE', `${USERS}/${owner.id}`, undefined, { ...admin.headers(), Origin: 'https://evil.example' }),
      403,
      {
        message: MESSAGES.crossSite,
      },
    );
  });
});
