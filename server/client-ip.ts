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
  return (c.get('socketAddress') as string | undefined) ?? socketAddress(c) ?? 'unknown';
}

/**
 * The peer address of the socket. Bun knows it only for the Request it created, so the app takes
 * it first (as `socketAddress`), before a middleware replaces c.req.raw (the body deadline, or
 * hono's bodyLimit on a chunked body).
 */
export function socketAddress(c: Context): string | undefined {
  return (c.env as SocketInfo | undefined)?.requestIP?.(c.req.raw)?.address;
}
