import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { endOneSession, endOtherSessions } from '#server/services/sessions.ts';
import {
  accountOverview,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setRequireTwoFactor,
  startTwoFactorSetup,
} from '#server/services/two-factor.ts';
import { json } from '#server/validation.ts';
import {
  type AccountOverview,
  confirmTwoFactorSchema,
  type RecoveryCodes,
  reauthenticationSchema,
  requireTwoFactorSchema,
  type TwoFactorSetup,
} from '#src/schemas/account.ts';

// Far above the largest valid body (a password of at most 256 characters, or a code).
const ACCOUNT_BODY_LIMIT = 16 * 1024;

// The signed-in admin's own account (/admin/account): two-factor sign-in and sessions. Mounted under
// /api/admin, so the admin guard has run; it lets these through while the owner requires two factors
// and this admin has none yet (server/auth/guards.ts).
export const adminAccountRoutes = new Hono<{ Variables: AuthVariables }>()
  .use('/account/*', limitBody(ACCOUNT_BODY_LIMIT))
  .get('/account', async (c) => c.json<AccountOverview>(await accountOverview(c.get('user')!, c.get('session')!.id)))
  .post('/account/two-factor/setup', async (c) => c.json<TwoFactorSetup>(await startTwoFactorSetup(c.get('user')!)))
  .post('/account/two-factor/confirm', json(confirmTwoFactorSchema), async (c) => {
    const { code } = c.req.valid('json');
    return c.json<RecoveryCodes>({ recoveryCodes: await confirmTwoFactor(c.get('user')!, code, c.get('session')!.id) });
  })
  .post('/account/two-factor/disable', json(reauthenticationSchema), async (c) => {
    await disableTwoFactor(c.get('user')!, c.req.valid('json'), c.get('session')!.id);
    return c.body(null, 204);
  })
  .post('/account/two-factor/recovery-codes', json(reauthenticationSchema), async (c) =>
    c.json<RecoveryCodes>({ recoveryCodes: await regenerateRecoveryCodes(c.get('user')!, c.req.valid('json')) }),
  )
  .put('/account/require-two-factor', json(requireTwoFactorSchema), async (c) =>
    c.json({ requireTwoFactor: await setRequireTwoFactor(c.get('user')!, c.req.valid('json').required) }),
  )
  .post('/account/sessions/sign-out-others', async (c) => {
    const ended = await endOtherSessions(c.get('user')!.id, c.get('session')!.id);
    return c.json({ ended });
  })
  .delete('/account/sessions/:id', async (c) => {
    await endOneSession(c.get('user')!.id, c.req.param('id'), c.get('session')!.id);
    return c.body(null, 204);
  });
