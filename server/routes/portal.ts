import { type Context, Hono } from 'hono';
import {
  actionItemTickSchema,
  ERASURE_REQUESTED,
  PORTAL_SIGN_IN_SENT,
  type PortalMessage,
  type PortalProfile,
  portalAnswersSchema,
  portalCodeSchema,
  portalLinkSchema,
  portalProfileSchema,
  portalSignInSchema,
} from '#src/schemas/portal.ts';
import { endClientSession, type PortalClient } from '../auth/client-session.ts';
import { clearPortalCookie, writePortalCookie } from '../auth/cookie.ts';
import { knownDevice, rememberDevice } from '../auth/device-cookie.ts';
import { clientIp } from '../client-ip.ts';
import { limitBody } from '../http/body-limits.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';
import { type PortalVariables, requireClient, signedInClient } from '../middleware/client-session.ts';
import { logSecurityEvent } from '../security-log.ts';
import { emailDigest } from '../services/auth.ts';
import { paymentsOfClient } from '../services/payments/admin-payments.ts';
import { invoiceOf } from '../services/payments/invoices.ts';
import { packagesForSale } from '../services/payments/packages-for-sale.ts';
import { endBrowser, listBrowsers } from '../services/portal/browsers.ts';
import { answerIntake, ownSessionCalendar, portalOverview, tickOwnActionItem } from '../services/portal/overview.ts';
import { exportOwnData, requestErasure, updateProfile } from '../services/portal/profile.ts';
import {
  type BrowserContext,
  type OpenedPortalSession,
  requestPortalSignIn,
  signInWithCode,
  signInWithLink,
} from '../services/portal/sign-in.ts';
import { id, json } from '../validation.ts';

// The client portal's API (issue 36), under /api/portal: signing in, and what a signed-in client
// reads and changes. Its session is the portal cookie's only: an admin's session means nothing here,
// and a client's nothing under /api/admin. Writes pass the same-origin check as every /api write.

type PortalContext = Context<{ Variables: PortalVariables }>;

const smallBody = limitBody(16 * 1024);

const browserContext = (c: PortalContext, device: string | null): BrowserContext => ({
  ip: clientIp(c),
  device,
  userAgent: c.req.header('user-agent') ?? null,
  previousSessionId: c.get('clientSession')?.id ?? null,
});

/** A completed sign-in: the session's cookie, and the browser remembered as the client's. */
async function signedIn(c: PortalContext, opened: OpenedPortalSession, device: string | null) {
  writePortalCookie(c, opened.token, opened.expiresAt);
  await rememberDevice(c, opened.client.email, device, 'portal');
  logSecurityEvent(c, 'portal_signed_in', { clientId: opened.client.id });
  return c.body(null, 204);
}

/** A refused sign-in leaves a security log line (never the code or the token). */
async function logged<T>(c: PortalContext, attempt: Promise<T>, details: Record<string, string> = {}): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    logSecurityEvent(c, 'portal_sign_in_failed', details);
    throw error;
  }
}

export const portalRoutes = new Hono<{ Variables: PortalVariables }>()
  // The same 202 for every address; the email (if any) is queued after the answer.
  .post('/sign-in', smallBody, json(portalSignInSchema), async (c) => {
    const { email } = c.req.valid('json');
    await requestPortalSignIn(email, { ip: clientIp(c), device: await knownDevice(c, email, 'portal') });
    logSecurityEvent(c, 'portal_sign_in_requested', { email: emailDigest(email) });
    return c.json<PortalMessage>({ message: PORTAL_SIGN_IN_SENT }, 202);
  })
  .post('/sign-in/code', smallBody, json(portalCodeSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    const device = await knownDevice(c, email, 'portal');
    const opened = await logged(c, signInWithCode(email, code, browserContext(c, device)), { email: emailDigest(email) });
    return signedIn(c, opened, device);
  })
  .post('/sign-in/link', smallBody, json(portalLinkSchema), async (c) => {
    const opened = await logged(c, signInWithLink(c.req.valid('json').token, browserContext(c, null)));
    return signedIn(c, opened, await knownDevice(c, opened.client.email, 'portal'));
  })
  .post('/sign-out', async (c) => {
    const session = c.get('clientSession');
    if (session) await endClientSession(session.id);
    clearPortalCookie(c);
    return c.body(null, 204);
  })
  // Who is signed in to the portal, if anyone: /book fills in their name and address (never a 401,
  // so a visitor's browser logs no failed request).
  .get('/session', (c) => {
    const client = c.get('client');
    return c.json<{ client: PortalClient | null }>({
      client: client && { id: client.id, name: client.name, email: client.email, timeZone: client.timeZone },
    });
  })
  .use('/me', requireClient())
  .use('/me/*', requireClient())
  .get('/me', async (c) => c.json(await portalOverview(signedInClient(c))))
  .get('/me/browsers', async (c) => c.json(await listBrowsers(signedInClient(c).id, c.get('clientSession')!.id)))
  .delete('/me/browsers/:handle', async (c) => {
    const session = c.get('clientSession')!;
    const handle = c.req.param('handle');
    await endBrowser(signedInClient(c).id, handle);
    if (session.id.startsWith(handle)) clearPortalCookie(c);
    return c.body(null, 204);
  })
  .put('/me/profile', smallBody, json(portalProfileSchema), async (c) =>
    c.json(await updateProfile(signedInClient(c).id, c.req.valid('json'))),
  )
  // Everything held about them, as the coach's privacy export gives it.
  .get('/me/export', async (c) => {
    c.header('Content-Disposition', 'attachment; filename="my-data.json"');
    return c.json(await exportOwnData(signedInClient(c)));
  })
  .post('/me/erasure', async (c) =>
    c.json<PortalMessage & { profile: PortalProfile }>(
      { message: ERASURE_REQUESTED, profile: await requestErasure(signedInClient(c)) },
      202,
    ),
  )
  .get('/me/sessions/:id/calendar', id(), async (c) => {
    const body = await ownSessionCalendar(signedInClient(c), c.req.valid('param').id);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="session.ics"');
    return c.body(body);
  })
  .post('/me/sessions/:id/answers', limitBody(64 * 1024), id(), json(portalAnswersSchema), async (c) => {
    await answerIntake(signedInClient(c), c.req.valid('param').id, c.req.valid('json').answers);
    return c.body(null, 204);
  })
  // Issue 37 §5: their payments and refunds, each with its invoice or credit note.
  .get('/me/receipts', async (c) => c.json(await paymentsOfClient(signedInClient(c).id)))
  .get('/me/packages-for-sale', async (c) => c.json(await packagesForSale()))
  .get('/me/receipts/:id/invoice', id(), async (c) => pdfAnswer(c, await invoiceOf(c.req.valid('param').id, signedInClient(c).id)))
  // Action items are numbered from 1 in the address, as the list shows them.
  .patch('/me/sessions/:id/action-items/:item', smallBody, id('id', 'item'), json(actionItemTickSchema), async (c) => {
    const { id: bookingId, item } = c.req.valid('param');
    return c.json(await tickOwnActionItem(signedInClient(c), bookingId, item - 1, c.req.valid('json').done));
  });
