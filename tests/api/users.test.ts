// Admin user management: the list and creating a user (docs/security.md users/passwords,
// docs/security.md#passwords; docs/product.md §5 password policy; docs/decisions.md "Placeholders": the
// owner). Changing a password or profile image is in user-updates.test.ts, deleting in user-deletion.test.ts,
// who may call these endpoints in users-access-control.test.ts. Every refusal asserts the status, the
// exact body and that the users and sessions tables are exactly as they were.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema.ts';
import {
  adminUsersApi,
  MESSAGES,
  newEmail,
  newUser,
  ownerAccount,
  POLICY_FAILURES,
  USER_KEYS,
  USERS,
  validNewUser,
} from '../helpers/admin-users.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const owner = ownerAccount(db);
const { login, adminUserApi, snapshot, expectRefused, userRow } = adminUsersApi(db, admin);

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
