import { Hono } from 'hono';
import { writeSessionCookie } from '#server/auth/cookie.ts';
import { newUserSchema, passwordChangeSchema } from '#server/auth/password-policy.ts';
import { createSession } from '#server/auth/session.ts';
import { limitBody } from '#server/http/body-limits.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { assertMayChangeAccount, createUser, deleteUser, listUsers, setUserPassword, setUserProfileImage } from '#server/services/users.ts';
import { id, json } from '#server/validation.ts';
import { profileImageSchema } from '#src/schemas/user.ts';

// Far above the largest valid body (an e-mail, a password, a role or an image URL).
const USER_BODY_LIMIT = 16 * 1024;

// Mounted under /api/auth/admin: the admin guard has run before any of these.
export const adminUserRoutes = new Hono<{ Variables: AuthVariables }>()
  .use(limitBody(USER_BODY_LIMIT))
  .get('/users', async (c) => c.json(await listUsers()))
  .post('/users', json(newUserSchema), async (c) => c.json(await createUser(c.req.valid('json')), 201))
  .patch('/users/:id/password', id(), json(passwordChangeSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { password } = c.req.valid('json');
    const self = c.get('user')!.id === id;
    await assertMayChangeAccount(c.get('user')!.id, id);
    // Every session of the user ends; changing your own password re-issues yours (ASVS 7.4.2, docs/security.md).
    await setUserPassword(id, password);
    if (self) {
      const { token, expiresAt } = await createSession(id, { userAgent: c.req.header('user-agent') });
      writeSessionCookie(c, token, expiresAt);
    }
    return c.body(null, 204);
  })
  .patch('/users/:id/profile', id(), json(profileImageSchema), async (c) => {
    const { id } = c.req.valid('param');
    await assertMayChangeAccount(c.get('user')!.id, id);
    return c.json(await setUserProfileImage(id, c.req.valid('json').profileImageUrl));
  })
  .delete('/users/:id', id(), async (c) => {
    await deleteUser(c.req.valid('param').id, c.get('user')!.id);
    return c.body(null, 204);
  });
