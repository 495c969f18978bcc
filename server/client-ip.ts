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
    if (entry) return plainAddress(entry);
  }
  return plainAddress((c.get('socketAddress') as string | undefined) ?? socketAddress(c) ?? 'unknown');
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An IPv4 address as people write it: a dual-stack socket reports an IPv4 client as the
 * IPv4-mapped IPv6 address `::ffff:127.0.0.1` (RFC 4291 §2.5.5.2), which is that same client
 * (issue 32 §7). Anything else is returned as it is.
 */
export const plainAddress = (address: string) => address.match(IPV4_MAPPED)?.[1] ?? address;

/**
 * The peer address of the socket. Bun knows it only for the Request it created, so the app takes
 * it first (as `socketAddress`), before a middleware replaces c.req.raw (the body deadline, or
 * hono's bodyLimit on a chunked body).
 */
export function socketAddress(c: Context): string | undefined {
  return (c.env as SocketInfo | undefined)?.requestIP?.(c.req.raw)?.address;
}
