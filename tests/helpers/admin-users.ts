// The users admin API as its tests call it (tests/api/users.test.ts, user-updates.test.ts,
// user-deletion.test.ts, users-access-control.test.ts): its path, the keys and messages of its
// answers, the password policy's failures, valid new users, the owner, its calls and sign-ins, and
// the refusal check over the users and sessions tables.
import { beforeAll } from 'bun:test';
import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessions, users } from '#db/schema.ts';
import type { NewUserInput } from '#src/schemas/user.ts';
import { typedApi } from './api.ts';
import { request, sendJson } from './app.ts';
import { createUserRow } from './auth.ts';
import { unique } from './factories.ts';
import { refusalChecker } from './refusals.ts';

export const USERS = '/api/auth/admin/users';
export const USER_KEYS = ['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl', 'role'];
export const NEW_PASSWORD = 'Brand-New-Passw0rd!';

export const MESSAGES = {
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
export const POLICY_FAILURES: [string, string, string][] = [
  ['7 characters', 'Abcde1!', MESSAGES.tooShort],
  ['no uppercase letter', 'abcdefg1!', MESSAGES.uppercase],
  ['no lowercase letter', 'ABCDEFG1!', MESSAGES.lowercase],
  ['no number', 'Abcdefgh!', MESSAGES.number],
  ['no special character', 'Abcdefgh1', MESSAGES.special],
  ['257 characters', `Aa1!${'x'.repeat(253)}`, MESSAGES.tooLong],
];

export const MALFORMED_IDS = ['abc', '-1', '0', '1.5', '99999999999'];
export const UNKNOWN_ID = 2_147_483_647;

export const me = (cookie: string) => request('/api/auth/me', { headers: { Cookie: cookie } });
export const newEmail = () => `${unique('new')}@example.com`.toLowerCase();
export const validNewUser = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  password: 'Valid-Passw0rd!',
  role: 'user',
  ...overrides,
});
/** `validNewUser` for the typed client: only what the route takes. */
export const newUser = (overrides: Partial<NewUserInput> = {}): NewUserInput => ({
  email: newEmail(),
  password: 'Valid-Passw0rd!',
  role: 'user',
  ...overrides,
});

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function call(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) {
  if (method === 'GET') return request(path, { headers });
  return sendJson(method, path, body, { headers });
}

/** The owner account, made before the calling file's tests (call it after setupTestDatabase). */
export function ownerAccount(db: () => Database) {
  const owner = {} as Awaited<ReturnType<typeof createUserRow>>;
  beforeAll(async () => {
    // Only one owner may exist per database (unique partial index), so the file shares this one.
    Object.assign(owner, await createUserRow(db(), { role: 'admin', isOwner: true }));
  });
  return owner;
}

/** The typed users API as `admin` (an adminSession()), sign-ins, and reads of the users and sessions tables in `db`. */
export function adminUsersApi(db: () => Database, admin: { headers(): { Cookie: string } }) {
  // A different address for every sign-in, so the per-IP login limit never decides a test here.
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const login = (email: string, password: string) => sendJson('POST', '/api/auth/login', { email, password }, { ip: freshIp() });

  const { adminUserApi } = typedApi(admin.headers);
  const byId = (id: number) => ({ param: { id: String(id) } });

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

  return { login, adminUserApi, byId, snapshot, expectRefused, userRow, sessionCount };
}
