// Per-role helpers: users and sessions made through the database, as a signed-in browser would
// have them; the login tests are the only ones that go through the login form.

import { beforeAll } from 'bun:test';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { hashPassword } from '#server/auth/password.ts';
import { createSession } from '#server/auth/session.ts';
import { unique } from './factories.ts';

export const TEST_PASSWORD = 'Correct-Horse-9!';
let passwordHash: Promise<string> | undefined;

export async function createUserRow(db: Database, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...values } = overrides;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `${unique('person')}@example.com`.toLowerCase(),
      passwordHash: password ? await hashPassword(password) : await passwordHash,
      role: 'user',
      ...values,
    })
    .returning();
  return user!;
}

/** A user of the given role with a live session: `cookie` goes in the Cookie header. */
export async function signedIn(db: Database, role: 'admin' | 'user', overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUserRow(db, { role, ...overrides });
  const { token } = await createSession(user.id);
  return { user, token, cookie: `session=${token}` };
}

/**
 * An admin signed in before the calling file's tests (call it after setupTestDatabase):
 * `headers()` is its Cookie header, for request() and sendJson().
 */
export function adminSession(db: () => Database) {
  const session = { headers: () => ({ Cookie: session.cookie }) } as Awaited<ReturnType<typeof signedIn>> & {
    headers(): { Cookie: string };
  };
  beforeAll(async () => {
    Object.assign(session, await signedIn(db(), 'admin'));
  });
  return session;
}
