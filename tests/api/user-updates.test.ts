// Admin user management: changing a user's password or profile image (docs/security.md users/passwords,
// docs/security.md#passwords; docs/product.md §5 password policy). A new password ends the user's
// sessions. Every refusal asserts the status, the exact body and that the users and sessions tables are
// exactly as they were.
import { describe, expect, test } from 'bun:test';
import { createSession } from '#server/auth/session.ts';
import {
  adminUsersApi,
  MALFORMED_IDS,
  MESSAGES,
  me,
  NEW_PASSWORD,
  POLICY_FAILURES,
  UNKNOWN_ID,
  USER_KEYS,
  USERS,
} from '../helpers/admin-users.ts';
import { typedApi } from '../helpers/api.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow, signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { login, adminUserApi, byId, expectRefused, userRow, sessionCount } = adminUsersApi(db, admin);

describe('PATCH /api/auth/admin/users/:id/password', () => {
  const path = (id: number | string) => `${USERS}/${id}/password`;

  for (const [rule, password, message] of POLICY_FAILURES) {
    test(`a new password with ${rule} is refused with "${message}" and the old one still works`, async () => {
      const target = await signedIn(db(), 'user');
      await expectRefused(() => sendJson('PATCH', path(target.user.id), { password }, { headers: admin.headers() }), 400, {
        message,
        field: 'password',
      });
      expect((await me(target.cookie)).status).toBe(200);
    });
  }

  test('a confirmation field is not part of the API and is refused as unknown', async () => {
    const target = await createUserRow(db());
    await expectRefused(
      () => sendJson('PATCH', path(target.id), { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { headers: admin.headers() }),
      400,
      { message: 'Unknown field: confirmPassword', field: 'confirmPassword' },
    );
  });

  test('an unknown user id → 404 "User not found"', () =>
    expectRefused(() => sendJson('PATCH', path(UNKNOWN_ID), { password: NEW_PASSWORD }, { headers: admin.headers() }), 404, {
      message: MESSAGES.notFound,
    }));

  for (const id of MALFORMED_IDS) {
    test(`the malformed id "${id}" → 400 naming the id`, () =>
      expectRefused(() => sendJson('PATCH', path(id), { password: NEW_PASSWORD }, { headers: admin.headers() }), 400, {
        message: MESSAGES.badId,
        field: 'id',
      }));
  }

  test("changing another user's password → 204, every session of that user ends, and the new password signs in", async () => {
    const target = await signedIn(db(), 'user');
    const second = await createSession(target.user.id);
    const bystander = await signedIn(db(), 'user');
    expect(await sessionCount(target.user.id)).toBe(2);

    const response = await sendJson('PATCH', path(target.user.id), { password: NEW_PASSWORD }, { headers: admin.headers() });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('set-cookie')).toBeNull();

    expect(await sessionCount(target.user.id)).toBe(0);
    for (const cookie of [target.cookie, `session=${second.token}`]) {
      const meResponse = await me(cookie);
      expect(meResponse.status).toBe(401);
      expect(await meResponse.json()).toEqual({ message: MESSAGES.signedOut });
    }
    expect((await me(bystander.cookie)).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(200);

    const stored = await userRow(target.user.id);
    expect(await Bun.password.verify(NEW_PASSWORD, stored!.passwordHash)).toBe(true);
    const withNew = await login(target.user.email, NEW_PASSWORD);
    expect(withNew.status).toBe(200);
    expect(withNew.headers.get('set-cookie')).toMatch(/^session=[a-z2-7]{32}; /);
    const withOld = await login(target.user.email, TEST_PASSWORD);
    expect(withOld.status).toBe(401);
    expect(await withOld.json()).toEqual({ message: 'Invalid email or password' });
  });

  test('an admin changing their own password → 204 with a new working session cookie; every old session ends', async () => {
    const self = await signedIn(db(), 'admin');
    const otherDevice = await createSession(self.user.id);

    const response = await sendJson('PATCH', path(self.user.id), { password: NEW_PASSWORD }, { headers: { Cookie: self.cookie } });
    expect(response.status).toBe(204);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^session=[a-z2-7]{32}; /);
    expect(setCookie).toContain('HttpOnly');
    const newToken = /^session=([a-z2-7]{32});/.exec(setCookie)![1]!;
    expect(newToken).not.toBe(self.token);

    const fresh = await typedApi(() => ({ Cookie: `session=${newToken}` })).publicApi.auth.me.$get();
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).user.id).toBe(self.user.id);
    expect((await me(self.cookie)).status).toBe(401);
    expect((await me(`session=${otherDevice.token}`)).status).toBe(401);
    expect(await sessionCount(self.user.id)).toBe(1);
    expect((await login(self.user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('PATCH /api/auth/admin/users/:id/profile', () => {
  const path = (id: number | string) => `${USERS}/${id}/profile`;

  test('sets the profile image: 200 with the public user, and the row is updated', async () => {
    const target = await createUserRow(db());
    const url = '/api/uploads/abcdefghijklmnopqrstuvwx.png';
    const response = await adminUserApi.users[':id'].profile.$patch({ ...byId(target.id), json: { profileImageUrl: url } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toEqual({
      id: target.id,
      email: target.email,
      role: 'user',
      firstName: null,
      lastName: null,
      profileImageUrl: url,
      createdAt: target.createdAt.toISOString(),
    });
    expect((await userRow(target.id))!.profileImageUrl).toBe(url);
  });

  test('null clears the profile image', async () => {
    const target = await createUserRow(db(), { profileImageUrl: 'https://cdn.example.com/a.png' });
    const response = await adminUserApi.users[':id'].profile.$patch({ ...byId(target.id), json: { profileImageUrl: null } });
    expect(response.status).toBe(200);
    expect((await response.json()).profileImageUrl).toBeNull();
    expect((await userRow(target.id))!.profileImageUrl).toBeNull();
  });

  test('a role in the body is refused as an unknown field and the role stays', async () => {
    const target = await createUserRow(db());
    await expectRefused(
      () => sendJson('PATCH', path(target.id), { profileImageUrl: '/a.png', role: 'admin' }, { headers: admin.headers() }),
      400,
      {
        message: 'Unknown field: role',
        field: 'role',
      },
    );
    expect((await userRow(target.id))!.role).toBe('user');
  });

  for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x.png', 42]) {
    test(`the profile image URL ${JSON.stringify(url)} is refused`, async () => {
      const target = await createUserRow(db(), { profileImageUrl: '/before.png' });
      await expectRefused(() => sendJson('PATCH', path(target.id), { profileImageUrl: url }, { headers: admin.headers() }), 400, {
        message: MESSAGES.imageUrl,
        field: 'profileImageUrl',
      });
    });
  }

  test('a body without profileImageUrl is refused naming the field', async () => {
    const target = await createUserRow(db(), { profileImageUrl: '/before.png' });
    await expectRefused(() => sendJson('PATCH', path(target.id), {}, { headers: admin.headers() }), 400, {
      message: MESSAGES.imageUrl,
      field: 'profileImageUrl',
    });
  });

  test('an unknown user id → 404 "User not found"', () =>
    expectRefused(() => sendJson('PATCH', path(UNKNOWN_ID), { profileImageUrl: null }, { headers: admin.headers() }), 404, {
      message: MESSAGES.notFound,
    }));

  for (const id of MALFORMED_IDS) {
    test(`the malformed id "${id}" → 400 naming the id`, () =>
      expectRefused(() => sendJson('PATCH', path(id), { profileImageUrl: null }, { headers: admin.headers() }), 400, {
        message: MESSAGES.badId,
        field: 'id',
      }));
  }
});
