import type { MiddlewareHandler } from 'hono';
import { PORTAL_SIGNED_OUT } from '#src/schemas/portal.ts';
import { type ClientSessionInfo, type PortalClient, validateClientSession } from '../auth/client-session.ts';
import { clearPortalCookie, readPortalCookie, writePortalCookie } from '../auth/cookie.ts';
import { HttpError } from '../errors.ts';

export type PortalVariables = {
  client: PortalClient | null;
  clientSession: ClientSessionInfo | null;
};

/** Resolves the portal cookie (never the admin's) into `client`; an unknown or ended one is cleared. */
export const loadClientSession = (): MiddlewareHandler<{ Variables: PortalVariables }> => async (c, next) => {
  c.set('client', null);
  c.set('clientSession', null);
  const token = readPortalCookie(c);
  if (token !== undefined) {
    const result = await validateClientSession(token);
    if (!result) clearPortalCookie(c);
    else {
      c.set('client', result.client);
      c.set('clientSession', result.session);
      if (result.session.renewed) writePortalCookie(c, token, result.session.expiresAt);
    }
  }
  await next();
};

/** 401 for a browser not signed in to the portal. */
export const requireClient = (): MiddlewareHandler<{ Variables: PortalVariables }> => async (c, next) => {
  if (!c.get('client')) throw new HttpError(401, PORTAL_SIGNED_OUT);
  await next();
};

/** The signed-in client (after requireClient). */
export const signedInClient = (c: { get(key: 'client'): PortalClient | null }): PortalClient => c.get('client')!;
