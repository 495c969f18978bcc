import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// The only way the site fetches a coach's calendar (issue 34 §3): the address the coach gave and
// nothing else. No loopback, private or link-local address (SSRF: a calendar address must not
// reach the database or a cloud metadata service) unless CALENDAR_ALLOW_PRIVATE=1; a redirect only
// within the same origin; one deadline for the whole answer, body included; a cap on its size.
// The host is checked when it is resolved and then fetched by name: a name whose address changes
// between the two (DNS rebinding) could still reach a private address for that one request.

export interface FetchLimits {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

/** A calendar request that was refused or failed: the message is shown to the coach. */
export class CalendarFetchError extends Error {}

export const PRIVATE_ADDRESS = 'The address points to a private or local network, which is not allowed';
const MAX_REDIRECTS = 3;

/** A coach's calendar address, read: webcal:// is https://; only http(s), and no user:password@ in it. */
export function calendarUrl(input: string): URL {
  const trimmed = input.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new CalendarFetchError('The address must start with https:// or webcal://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CalendarFetchError('The address must start with https:// or webcal://');
  if (url.username || url.password) throw new CalendarFetchError('Put the user name and password in their own fields, not in the address');
  return url;
}

/** A refusal status in words, with what the coach can do about it. */
export function httpFailure(status: number): string {
  if (status === 401 || status === 403) return `The server answered ${status}: check the user name and app password`;
  if (status === 404 || status === 410) return `The server answered ${status}: check the address`;
  if (status >= 500) return `The server answered ${status}: it may be down; the site will try again`;
  return `The server answered ${status}`;
}

/** The 32 bits of a dotted IPv4 address. */
const ipv4Number = (address: string) => address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
const inV4 = (address: string, base: string, bits: number) =>
  bits === 0 || ipv4Number(address) >>> (32 - bits) === ipv4Number(base) >>> (32 - bits);

const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** The 8 groups of an IPv6 address (`::` expanded, an embedded IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4Number(v4[1]!);
    text = `${text.slice(0, -v4[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parts = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** Whether an address is anywhere but the public internet. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return PRIVATE_V4.some(([base, bits]) => inV4(address, base, bits));
  const groups = ipv6Groups(address);
  // ::ffff:a.b.c.d, and the IPv4-compatible ::a.b.c.d: the IPv4 address decides.
  if (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    if (groups[5] === 0 && groups[6] === 0 && groups[7]! <= 1) return true; // :: and ::1
    return isPrivateAddress(`${groups[6]! >>> 8}.${groups[6]! & 255}.${groups[7]! >>> 8}.${groups[7]! & 255}`);
  }
  const first = groups[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    first === 0x64 || // 64:ff9b::/96 translation (to any IPv4, private ones too)
    (first === 0x2001 && groups[1] === 0xdb8) || // documentation
    first === 0x2002 // 6to4: carries any IPv4
  );
}

/** Refuses a host that is, or resolves to, a private address (unless allowed). */
async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new CalendarFetchError(`Could not find the server ${host}: check the address`);
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new CalendarFetchError(PRIVATE_ADDRESS);
}

/** The body read whole, refused past `maxBytes` however it arrives. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new CalendarFetchError(`The calendar is larger than ${Math.round(maxBytes / 100_000) / 10} MB, the most the site reads`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** Why a fetch failed, in words (the URL is a secret: never in the message). */
function failure(error: unknown, timeoutMs: number): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new CalendarFetchError(`The server did not answer within ${timeoutMs / 1000} seconds`);
  const code = (error as { code?: string })?.code;
  return new CalendarFetchError(`Could not connect to the server${code ? ` (${code})` : ''}`);
}

/**
 * A fetch for tsdav and the feed reader with the limits above. Its answer's body is already read
 * whole (within the deadline and the size cap), so a caller's .text() never waits on the network.
 */
export function guardedFetch(limits: FetchLimits): typeof fetch {
  const guarded = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    try {
      let url = calendarUrl(input instanceof Request ? input.url : String(input));
      const origin = url.origin;
      for (let redirects = 0; ; redirects++) {
        await assertPublicHost(url, limits.allowPrivate);
        const response = await fetch(url, { ...init, redirect: 'manual', signal });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel().catch(() => {});
          const next = new URL(location, url);
          if (next.origin !== origin)
            throw new CalendarFetchError(`The server redirected to another host (${next.hostname}), which is not followed`);
          if (redirects >= MAX_REDIRECTS) throw new CalendarFetchError('The server redirected too many times');
          url = next;
          continue;
        }
        const body = await readCapped(response, limits.maxBytes);
        return new Response(response.status === 204 || response.status === 304 ? null : body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
    } catch (error) {
      throw failure(error, limits.timeoutMs);
    }
  };
  return guarded as typeof fetch;
}
