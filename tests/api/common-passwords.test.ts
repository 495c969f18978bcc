// ASVS 6.2.4, docs/security.md#passwords: a common password is refused with 400 wherever a password is
// set through the API, in any letter case, and nothing is stored (docs/decisions.md, 2026-11-21 and
// 2026-11-25: the 10,000 most common of @zxcvbn-ts/language-common, checked by the server only).
// Runs on PGlite, and on Postgres when DATABASE_URL is set.
import { beforeAll, describe, expect, test } from 'bun:test';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { asc, eq, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '#db/schema.ts';
import { request, sendJson } from '../helpers/app.ts';
import { createUserRow, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const USERS = '/api/auth/admin/users';
const TOO_COMMON = { message: 'This password is too common. Please choose another.', field: 'password' };
// Each meets every docs/product.md §5 rule; the list holds them in some letter case.
const COMMON = ['Password1!', 'pASSWORD1!', 'P@ssw0rd123', 'Welcome123!', 'qWERTY123!'];
// Words of the list's 10,000 made to meet the rules: "gadget" is ranked 5,001, "greedisgood" 9,941,
// "sasha_007" 6,802. "tetris", ranked 10,033, is past the cut.
const DEEP = ['Gadget1!', 'Greedisgood1!', 'Sasha_007', '2024Dragon!'];
const JUST_PAST = 'Tetris2024!';

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  admin = await signedIn(db(), 'admin');
});

async function snapshot() {
  return {
    users: await db().select().from(users).orderBy(asc(users.id)),
    sessions: await db().select().from(sessions).orderBy(asc(sessions.id)),
    resetTokens: await db().select().from(passwordResetTokens).orderBy(asc(passwordResetTokens.id)),
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
  for (const password of [...COMMON, ...DEEP]) {
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

  test(`a word ranked just past 10,000, made to meet the rules (${JUST_PAST}), is accepted`, async () => {
    const response = await sendJson(
      'POST',
      USERS,
      { email: `${unique('past')}@example.com`.toLowerCase(), password: JUST_PAST, role: 'user' },
      { headers: { Cookie: admin.cookie } },
    );
    expect(response.status).toBe(201);
  });
});

describe('PATCH /api/auth/admin/users/:id/password', () => {
  test('a common new password is refused: the old hash and every session stay', async () => {
    const target = await signedIn(db(), 'user');
    const [stored] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.user.id));
    for (const password of [...COMMON, ...DEEP]) {
      await expectTooCommon(() =>
        sendJson('PATCH', `${USERS}/${target.user.id}/password`, { password }, { headers: { Cookie: admin.cookie } }),
      );
    }
    const [after] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.user.id));
    expect(after!.hash).toBe(stored!.hash);
    expect((await request('/api/auth/me', { headers: { Cookie: target.cookie } })).status).toBe(200);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  test('a common new password is refused: the link stays unspent, the hash and every session stay', async () => {
    const target = await signedIn(db(), 'user');
    const token = `common-${unique('token')}`;
    await db()
      .insert(passwordResetTokens)
      .values({
        userId: target.user.id,
        tokenHash: encodeHexLowerCase(sha256(new TextEncoder().encode(token))),
        expiresAt: sql`now() + interval '30 minutes'`,
      });
    for (const password of [...COMMON, ...DEEP]) {
      await expectTooCommon(() => sendJson('POST', '/api/auth/password-reset/confirm', { token, password }, { ip: '198.51.100.7' }));
    }
    expect((await request('/api/auth/me', { headers: { Cookie: target.cookie } })).status).toBe(200);

    // The same link then sets a password ranked past the 10,000.
    const accepted = await sendJson('POST', '/api/auth/password-reset/confirm', { token, password: JUST_PAST }, { ip: '198.51.100.7' });
    expect(accepted.status).toBe(200);
    const [stored] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.user.id));
    expect(await Bun.password.verify(JUST_PAST, stored!.hash)).toBe(true);
  });
});

describe('an account made without the API', () => {
  test('is not refused later for its password: the list applies where a password is set', async () => {
    const user = await createUserRow(db(), { password: 'Gadget1!' });
    const response = await sendJson('POST', '/api/auth/login', { email: user.email, password: 'Gadget1!' }, { ip: '198.51.100.8' });
    expect(response.status).toBe(200);
  });
});
