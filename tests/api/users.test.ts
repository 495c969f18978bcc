// Admin user management (docs/security.md users/passwords/protected accounts, docs/security.md#passwords; docs/product.md §5
// password policy; docs/decisions.md "Placeholders": the owner). Every refusal asserts the status, the
// exact body and that the users and sessions tables are exactly as they were.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { asc, count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '#db/client.ts';
import { sessions, users } from '#db/schema.ts';
import { createSession } from '#server/auth/session.ts';
import { installDatabase } from '#server/db.ts';
import { HttpError } from '#server/errors.ts';
import { deleteUser } from '#server/services/users.ts';
import type { NewUserInput } from '#src/schemas/user.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow, signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { createTestDatabase, setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const USERS = '/api/auth/admin/users';
const USER_KEYS = ['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl', 'role'];
const NEW_PASSWORD = 'Brand-New-Passw0rd!';

const MESSAGES = {
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password must be at most 256 characters',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)',
  email: 'Please enter a valid email address',
  role: 'Role must be admin or user',
  imageUrl: 'Profile image must be an http(s) URL or a path on this site',
  duplicate: 'A user with this email already exists',
  notFound: 'User not found',
  badId: 'id must be a positive whole number',
  owner: 'The owner account cannot be deleted or demoted',
  self: 'You cannot delete your own account',
  lastAdmin: 'At least one admin must remain',
  signedOut: 'Authentication required',
  notAdmin: 'Admin privileges required',
  crossSite: 'Cross-site request refused',
};

/** Each rule of docs/product.md §5 failed alone: every other rule is met. */
const POLICY_FAILURES: [string, string, string][] = [
  ['7 characters', 'Abcde1!', MESSAGES.tooShort],
  ['no uppercase letter', 'abcdefg1!', MESSAGES.uppercase],
  ['no lowercase letter', 'ABCDEFG1!', MESSAGES.lowercase],
  ['no number', 'Abcdefgh!', MESSAGES.number],
  ['no special character', 'Abcdefgh1', MESSAGES.special],
  ['257 characters', `Aa1!${'x'.repeat(253)}`, MESSAGES.tooLong],
];

const MALFORMED_IDS = ['abc', '-1', '0', '1.5', '99999999999'];
const UNKNOWN_ID = 2_147_483_647;

// A different address for every sign-in, so the per-IP login limit never decides a test here.
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const login = (email: string, password: string) => sendJson('POST', '/api/auth/login', { email, password }, { ip: freshIp() });
const me = (cookie: string) => request('/api/auth/me', { headers: { Cookie: cookie } });
const newEmail = () => `${unique('new')}@example.com`.toLowerCase();
const validNewUser = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  password: 'Valid-Passw0rd!',
  role: 'user',
  ...overrides,
});
/** `validNewUser` for the typed client: only what the route takes. */
const newUser = (overrides: Partial<NewUserInput> = {}): NewUserInput => ({
  email: newEmail(),
  password: 'Valid-Passw0rd!',
  role: 'user',
  ...overrides,
});

const { adminUserApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) {
  if (method === 'GET') return request(path, { headers });
  return sendJson(method, path, body, { headers });
}

/** Every row of the tables these endpoints write, in a stable order. */
async function snapshot() {
  return {
    users: await db().select().from(users).orderBy(asc(users.id)),
    sessions: await db().select().from(sessions).orderBy(asc(sessions.id)),
  };
}

/** A request that must be refused: its status and body, and nothing changed. */
const expectRefused = refusalChecker(snapshot);

const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

async function sessionCount(userId: number) {
  const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row!.n;
}

let owner: Awaited<ReturnType<typeof createUserRow>>;

beforeAll(async () => {
  // Only one owner may exist per database (unique partial index), so the file shares this one.
  owner = await createUserRow(db(), { role: 'admin', isOwner: true });
});

describe('GET /api/auth/admin/users', () => {
  test('an admin gets every user with exactly the public keys: no hash, no owner flag', async () => {
    const plain = await createUserRow(db(), { firstName: 'Grace', profileImageUrl: '/api/uploads/x.png' });
    const response = await adminUserApi.users.$get();
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.length).toBe((await snapshot()).users.length);
    for (const user of list) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(list.find((user) => user.id === owner.id)).toEqual({
      id: owner.id,
      email: owner.email,
      role: 'admin',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      createdAt: owner.createdAt.toISOString(),
    });
    expect(list.find((user) => user.id === plain.id)).toMatchObject({
      role: 'user',
      firstName: 'Grace',
      profileImageUrl: '/api/uploads/x.png',
    });
    expect(JSON.stringify(list)).not.toContain('$argon2');
  });
});

describe('POST /api/auth/admin/users', () => {
  test('creates the user: 201 with the public keys, the e-mail lowercased and trimmed, the password as a verifiable argon2id hash', async () => {
    const password = 'Valid-Passw0rd!';
    const response = await adminUserApi.users.$post({
      json: { email: '  Mixed.Case@Example.COM ', password, role: 'admin', firstName: '  Ada ', lastName: 'Lovelace' },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toMatchObject({
      email: 'mixed.case@example.com',
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
    });
    expect(typeof body.id).toBe('number');
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const stored = await userRow(body.id);
    expect(stored).toMatchObject({
      email: 'mixed.case@example.com',
      role: 'admin',
      isOwner: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(stored!.passwordHash).toStartWith('$argon2id$');
    expect(await Bun.password.verify(password, stored!.passwordHash)).toBe(true);
    expect(await Bun.password.verify('Valid-Passw0rd?', stored!.passwordHash)).toBe(false);
    expect(JSON.stringify(body)).not.toContain(stored!.passwordHash);
  });

  test('omitted optional fields are stored as null', async () => {
    const response = await adminUserApi.users.$post({ json: newUser() });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ firstName: null, lastName: null, profileImageUrl: null });
    expect(await userRow(body.id)).toMatchObject({ firstName: null, lastName: null, profileImageUrl: null });
  });

  test('empty optional fields are stored as null', async () => {
    const response = await adminUserApi.users.$post({ json: newUser({ firstName: '', lastName: '   ', profileImageUrl: '' }) });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(await userRow(body.id)).toMatchObject({ firstName: null, lastName: null, profileImageUrl: null });
  });

  test('the password is stored as received: a leading space is part of it', async () => {
    const response = await adminUserApi.users.$post({ json: newUser({ password: ' Passw0rd!' }) });
    expect(response.status).toBe(201);
    const stored = await userRow((await response.json()).id);
    expect(await Bun.password.verify(' Passw0rd!', stored!.passwordHash)).toBe(true);
    expect(await Bun.password.verify('Passw0rd!', stored!.passwordHash)).toBe(false);
  });

  test('a 64-character password with spaces and an emoji is accepted and signs in', async () => {
    const password = `Correct horse 9! battery staple 🐴 ${'z'.repeat(29)}`;
    expect(password).toHaveLength(64);
    const email = newEmail();
    const response = await adminUserApi.users.$post({ json: newUser({ email, password }) });
    expect(response.status).toBe(201);
    const stored = await userRow((await response.json()).id);
    expect(await Bun.password.verify(password, stored!.passwordHash)).toBe(true);
    expect((await login(email, password)).status).toBe(200);
  });

  test('a 256-character password is the longest accepted', async () => {
    const response = await sendJson('POST', USERS, validNewUser({ password: `Aa1!${'x'.repeat(252)}` }), { headers: admin.headers() });
    expect(response.status).toBe(201);
  });

  describe('password policy (docs/product.md §5 messages)', () => {
    for (const [rule, password, message] of POLICY_FAILURES) {
      test(`a password with ${rule} is refused with "${message}"`, () =>
        expectRefused(() => sendJson('POST', USERS, validNewUser({ password }), { headers: admin.headers() }), 400, {
          message,
          field: 'password',
        }));
    }
    test('a missing password is refused naming the field', () => {
      const { password: _, ...body } = validNewUser();
      return expectRefused(() => sendJson('POST', USERS, body, { headers: admin.headers() }), 400, {
        message: MESSAGES.tooShort,
        field: 'password',
      });
    });
  });

  describe('validation', () => {
    for (const email of ['not-an-email', 'a@', 'a@b', '', '   ', 42, `${'x'.repeat(250)}@example.com`]) {
      test(`e-mail ${JSON.stringify(email).slice(0, 30)} is refused`, () =>
        expectRefused(() => sendJson('POST', USERS, validNewUser({ email }), { headers: admin.headers() }), 400, {
          message: MESSAGES.email,
          field: 'email',
        }));
    }
    for (const role of ['owner', 'superadmin', 'Admin', '', null]) {
      test(`role ${JSON.stringify(role)} is refused`, () =>
        expectRefused(() => sendJson('POST', USERS, validNewUser({ role }), { headers: admin.headers() }), 400, {
          message: MESSAGES.role,
          field: 'role',
        }));
    }
    test('a missing role is refused', () => {
      const { role: _, ...body } = validNewUser();
      return expectRefused(() => sendJson('POST', USERS, body, { headers: admin.headers() }), 400, {
        message: MESSAGES.role,
        field: 'role',
      });
    });
    for (const [field, value] of [
      ['passwordHash', '$argon2id$v=19$m=65536,t=2,p=1$x$y'],
      ['id', 1],
      ['createdAt', '2020-01-01T00:00:00.000Z'],
      ['isOwner', true],
    ] as const) {
      test(`the server-owned field ${field} is refused as unknown`, () =>
        expectRefused(() => sendJson('POST', USERS, validNewUser({ [field]: value }), { headers: admin.headers() }), 400, {
          message: `Unknown field: ${field}`,
          field,
        }));
    }
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'vbscript:msgbox(1)',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'x.png',
      `https://example.com/${'a'.repeat(2040)}`,
      42,
    ]) {
      test(`profile image URL ${JSON.stringify(url).slice(0, 40)} is refused`, () =>
        expectRefused(() => sendJson('POST', USERS, validNewUser({ profileImageUrl: url }), { headers: admin.headers() }), 400, {
          message: MESSAGES.imageUrl,
          field: 'profileImageUrl',
        }));
    }
    for (const url of ['/api/uploads/abcdefghijklmnopqrstuvwx.png', 'https://cdn.example.com/people/ada.jpg']) {
      test(`profile image URL ${url} is accepted and stored`, async () => {
        const response = await adminUserApi.users.$post({ json: newUser({ profileImageUrl: url }) });
        expect(response.status).toBe(201);
        const body = await response.json();
        expect(body.profileImageUrl).toBe(url);
        expect((await userRow(body.id))!.profileImageUrl).toBe(url);
      });
    }
    test('a body that is not a JSON object is refused', () =>
      expectRefused(() => sendJson('POST', USERS, '[]', { headers: admin.headers() }), 400, { message: 'Invalid JSON body' }));
    test('a body that is not JSON is refused with 415', () =>
      expectRefused(
        () =>
          request(USERS, {
            method: 'POST',
            headers: { ...admin.headers(), Origin: 'http://localhost', 'Content-Type': 'text/plain' },
            body: '{}',
          }),
        415,
        { message: 'Content-Type must be application/json' },
      ));
  });

  describe('duplicate e-mail', () => {
    test('an e-mail already taken is refused with 409, in any case and spacing', async () => {
      const existing = await createUserRow(db());
      for (const email of [existing.email, `  ${existing.email.toUpperCase()}  `]) {
        await expectRefused(() => sendJson('POST', USERS, validNewUser({ email }), { headers: admin.headers() }), 409, {
          message: MESSAGES.duplicate,
        });
      }
    });

    test('two simultaneous creates with the same e-mail: exactly one 201 and one 409, and one row', async () => {
      const email = newEmail();
      const [a, b] = await Promise.all([
        sendJson('POST', USERS, validNewUser({ email }), { headers: admin.headers() }),
        sendJson('POST', USERS, validNewUser({ email: email.toUpperCase() }), { headers: admin.headers() }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expect(await loser.json()).toEqual({ message: MESSAGES.duplicate });
      const rows = await db().select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });
  });
});

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

describe('DELETE /api/auth/admin/users/:id', () => {
  const path = (id: number | string) => `${USERS}/${id}`;

  test('the owner cannot be deleted: 403 and the owner is still there', async () => {
    await expectRefused(() => sendJson('DELETE', path(owner.id), undefined, { headers: admin.headers() }), 403, {
      message: MESSAGES.owner,
    });
    expect(await userRow(owner.id)).toMatchObject({ id: owner.id, isOwner: true, role: 'admin' });
  });

  test('an admin cannot delete their own account: 403 and they are still there', async () => {
    const self = await signedIn(db(), 'admin');
    await expectRefused(() => sendJson('DELETE', path(self.user.id), undefined, { headers: { Cookie: self.cookie } }), 403, {
      message: MESSAGES.self,
    });
    expect((await me(self.cookie)).status).toBe(200);
  });

  test('a plain user is deleted: 204, the row and every session are gone; a second delete → 404', async () => {
    const target = await signedIn(db(), 'user');
    await createSession(target.user.id);
    expect(await sessionCount(target.user.id)).toBe(2);
    const response = await sendJson('DELETE', path(target.user.id), undefined, { headers: admin.headers() });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await userRow(target.user.id)).toBeUndefined();
    expect(await sessionCount(target.user.id)).toBe(0);
    expect((await me(target.cookie)).status).toBe(401);

    await expectRefused(() => sendJson('DELETE', path(target.user.id), undefined, { headers: admin.headers() }), 404, {
      message: MESSAGES.notFound,
    });
  });

  test('another admin who is not the owner can be deleted while admins remain', async () => {
    const other = await signedIn(db(), 'admin');
    const response = await sendJson('DELETE', path(other.user.id), undefined, { headers: admin.headers() });
    expect(response.status).toBe(204);
    expect(await userRow(other.user.id)).toBeUndefined();
    expect((await me(other.cookie)).status).toBe(401);
  });

  for (const id of MALFORMED_IDS) {
    test(`the malformed id "${id}" → 400 naming the id`, () =>
      expectRefused(() => sendJson('DELETE', path(id), undefined, { headers: admin.headers() }), 400, {
        message: MESSAGES.badId,
        field: 'id',
      }));
  }
});

describe('deleteUser (service): the last admin', () => {
  // Unreachable through the API while the owner (always an admin) exists, so the service is
  // called directly on a database of its own that has no owner.
  let fresh: DatabaseHandle;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    installDatabase(fresh);
  }, 60_000);
  afterAll(async () => {
    installDatabase(testDb.handle);
    await fresh.close();
  });

  const adminCount = async () => (await fresh.db.select({ n: count() }).from(users).where(eq(users.role, 'admin')))[0]!.n;

  test('deleting the only admin throws 409 "At least one admin must remain" and the admin stays', async () => {
    const onlyAdmin = await createUserRow(fresh.db, { role: 'admin' });
    const other = await createUserRow(fresh.db, { role: 'user' });
    const error = await deleteUser(onlyAdmin.id, other.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: MESSAGES.lastAdmin });
    expect(await fresh.db.select().from(users).where(eq(users.id, onlyAdmin.id))).toHaveLength(1);
    expect(await adminCount()).toBe(1);
  });

  test('two admins deleting each other at once: one succeeds, the other hears 409, one admin remains', async () => {
    await fresh.db.delete(users);
    const a = await createUserRow(fresh.db, { role: 'admin' });
    const b = await createUserRow(fresh.db, { role: 'admin' });
    const results = await Promise.allSettled([deleteUser(a.id, b.id), deleteUser(b.id, a.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, message: MESSAGES.lastAdmin });
    expect(await adminCount()).toBe(1);
  });
});

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
