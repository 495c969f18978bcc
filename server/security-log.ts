import type { Context } from 'hono';
import { clientIp } from './client-ip.ts';

export type SecurityEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_rate_limited'
  | 'unauthenticated'
  | 'forbidden'
  | 'cross_site_refused'
  | 'rate_limited'
  | 'upload_refused';

/**
 * One JSON line per security event (SECURITY.md 16.3): UTC time, request id, IP and event.
 * Callers pass identifiers only (a user id, an e-mail digest), never passwords, tokens or bodies.
 */
export function logSecurityEvent(c: Context, event: SecurityEvent, details: Record<string, string | number> = {}) {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'security',
      event,
      requestId: c.get('requestId') as string | undefined,
      ip: clientIp(c),
      method: c.req.method,
      path: c.req.path,
      ...details,
    }),
  );
}
