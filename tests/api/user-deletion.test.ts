// Admin user management: deleting a user (docs/security.md protected accounts; docs/decisions.md
// "Placeholders": the owner): never the owner, never oneself, never the last admin. Every refusal
// asserts the status, the exact body and that the users and sessions tables are exactly as they were.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { createSession } from '#server/auth/session.ts';
import { installDatabase } from '#server/db.ts';
import { HttpError } from '#server/errors.ts';
import { deleteUser } from '#server/services/users.ts';
import { adminUsersApi, MALFORMED_IDS, MESSAGES, me, ownerAccount, USERS } from '../helpers/admin-users.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow, signedIn } from '../helpers/auth.ts';
import { createTestDatabase, setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const owner = ownerAccount(db);
const { expectRefused, userRow, sessionCount } = adminUsersApi(db, admin);

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
