import type { Context } from 'hono';
import { clientIp } from './client-ip.ts';
import { log } from './log.ts';

export type SecurityEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_rate_limited'
  | 'login_second_factor_required'
  | 'second_factor_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'cross_site_refused'
  | 'rate_limited'
  | 'upload_refused'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'portal_sign_in_requested'
  | 'portal_sign_in_failed'
  | 'portal_signed_in';

const INFO_EVENTS = new Set<SecurityEvent>([
  'login_succeeded',
  'login_second_factor_required',
  'password_reset_requested',
  'password_reset_completed',
  'portal_sign_in_requested',
  'portal_signed_in',
]);

/**
 * One log line per security event (docs/security.md#logs): the request id, IP, method and path.
 * Callers pass identifiers only (a user id, an e-mail digest), never passwords, tokens or bodies.
 */
export function logSecurityEvent(c: Context, event: SecurityEvent, details: Record<string, string | number> = {}) {
  log(INFO_EVENTS.has(event) ? 'info' : 'warn', event, {
    security: true,
    requestId: c.get('requestId') as string | undefined,
    ip: clientIp(c),
    method: c.req.method,
    path: c.req.path,
    ...details,
  });
}
