import { tryGetContext } from 'hono/context-storage';
import type { SessionUser } from '../auth/session.ts';
import { clientIp } from '../client-ip.ts';
import type { AuthVariables } from '../middleware/session.ts';

/** Who is behind the request being answered, for the audit log: its signed-in user and address. */
export function requestActor(): { user: Pick<SessionUser, 'id' | 'email'> | null; ip: string | null } {
  const c = tryGetContext<{ Variables: Partial<AuthVariables> }>();
  if (!c) return { user: null, ip: null };
  return { user: c.get('user') ?? null, ip: clientIp(c) };
}
