// ASVS 6.2.4, docs/security.md#passwords: a common password is refused with 400 wherever a password is
// set through the API, in any letter case, and nothing is stored (docs/decisions.md, 2026-11-21).
// Runs on PGlite, and on Postgres when DATABASE_URL is set.
import { beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.ts';
import { request, sendJson } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const USERS = '/api/auth/admin/users';
const TOO_COMMON = { message: 'This password is too common. Please choose another.', field: 'password' };
// Each meets every docs/product.md §5 rule; the list holds them in some letter case.
const COMMON = ['Password1!', 'pASSWORD1!', 'P@ssw0rd123', 'Welcome123!', 'qWERTY123!'];

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  admin = await signedIn(db(), 'admin');
});

async function snapshot() {
  return {
    users: await db().select().from(users).orderBy(asc(users.id)),
    sessions: await db().select().from(sessions).orderBy(asc(sessions.id)),
  };
}

async function expectTooCommon(send: () => Response | Promise<Response>) {
  const before = await snapshot();
  const response = await send();
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual(TOO_COMMON);
  expect(await snapshot()).toEqual(before);
}

describe('POST /api/auth/admin/users', () => {
  for (const password of COMMON) {
    test(`the common password ${password} is refused and no user is created`, () =>
      expectTooCommon(() =>
        sendJson(
          'POST',
          USERS,
          { email: `${unique('common')}@example.com`.toLowerCase(), password, role: 'user' },
          { headers: { Cookie: admin.cookie } },
        ),
      ));
  }

  test('the same password made longer is accepted', async () => {
    const response = await sendJson(
      'POST',
      USERS,
      { email: `${unique('longer')}@example.com`.toLowerCase(), password: 'Password1!-and-some-more', role: 'user' },
      { headers: { Cookie: admin.cookie } },
    );
    expect(response.status).toBe(201);
  });
});

describe('PATCH /api/auth/admin/users/:id/password', () => {
  test('a common new password is refused: the old hash and every session stay', async () => {
    const target = await signedIn(db(), 'user');
    const [stored] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.user.id));
    for (const password of COMMON) {
      await expectTooCommon(() =>
        sendJson('PATCH', `${USERS}/${target.user.id}/password`, { password }, { headers: { Cookie: admin.cookie } }),
      );
    }
    const [after] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.user.id));
    expect(after!.hash).toBe(stored!.hash);
    expect((await request('/api/auth/me', { headers: { Cookie: target.cookie } })).status).toBe(200);
  });
});
