import type { Context } from 'hono';
import { env } from './env.ts';

interface SocketInfo {
  requestIP?: (request: Request) => { address: string } | null;
}

/**
 * The client's address: the socket's, unless TRUST_PROXY says how many proxies append to
 * X-Forwarded-For — then the entry that many from the right. Anything a client writes to the
 * left of that is ignored, so rotating X-Forwarded-For never resets a limiter.
 */
export function clientIp(c: Context): string {
  const hops = env().TRUST_PROXY;
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((part) => part.trim());
    const entry = forwarded[forwarded.length - hops];
    if (entry) return entry;
  }
  const socket = (c.env as SocketInfo | undefined)?.requestIP?.(c.req.raw);
  return socket?.address ?? 'unknown';
}
