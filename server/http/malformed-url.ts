import type { MiddlewareHandler } from 'hono';
import { rscPagePath } from '../cache/cache-key.ts';
import { notAllowedIn } from '../validation.ts';

// Issue 33 §3: Postgres (and PGlite) refuse a NUL in text, so a path or query that decodes to one
// reached a query and answered 500. A request whose address decodes to NUL, or is not UTF-8 at all
// (a lone surrogate such as %ED%A0%80, an overlong form such as %C0%AE, a stray byte), names
// nothing the site has: it is refused with a 400 before any route, page or cache looks at it.

export const MALFORMED_URL_MESSAGE = 'The address contains characters that are not allowed';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Whether a percent-encoded string decodes to well-formed UTF-8 without a NUL. */
export function isCleanEncoded(text: string): boolean {
  if (!text.includes('%')) return !text.includes('\u0000') && text.isWellFormed();
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const hex = code === 0x25 ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (code < 0x80) {
      // A `%` not followed by two hex digits stays as it is, as decodeURIComponent's callers keep it.
      bytes.push(code);
    } else {
      const char = String.fromCodePoint(text.codePointAt(i)!);
      if (!char.isWellFormed()) return false;
      bytes.push(...encoder.encode(char));
      i += char.length - 1;
    }
  }
  try {
    return !utf8.decode(new Uint8Array(bytes)).includes('\u0000');
  } catch {
    return false;
  }
}

/** A query parameter's name as a route reads it (`+` is a space); as sent if it does not decode. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

export interface MalformedUrl {
  message: string;
  /** The query parameter whose value is refused, named as the routes' own checks name it. */
  field?: string;
}

/**
 * What is wrong with a request's address, or null when its path and query are clean. A page's RSC
 * request (`/RSC/R/blog.txt?query=…`) carries the page's own query encoded once more inside
 * `query`: that is checked as well.
 */
export function malformedUrl(url: URL): MalformedUrl | null {
  if (!isCleanEncoded(url.pathname)) return { message: MALFORMED_URL_MESSAGE };
  for (const pair of url.search.slice(1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!isCleanEncoded(name)) return { message: MALFORMED_URL_MESSAGE };
    if (equals !== -1 && !isCleanEncoded(pair.slice(equals + 1))) {
      const field = decodedName(name);
      return { message: notAllowedIn(field), field };
    }
  }
  const nested = rscPagePath(url.pathname) === undefined ? null : url.searchParams.get('query');
  return nested === null || isCleanEncoded(nested) ? null : { message: MALFORMED_URL_MESSAGE };
}

/** The 400 answered for a malformed address: `{ message, field? }`, as every refusal of the site. */
export const malformedUrlResponse = (problem: MalformedUrl) =>
  Response.json(problem, { status: 400, headers: { 'Cache-Control': 'no-store' } });

/** Refuses a malformed address before anything else runs (the API, the feeds and the pages). */
export const refuseMalformedUrl = (): MiddlewareHandler => async (c, next) => {
  const problem = malformedUrl(new URL(c.req.url));
  if (!problem) return next();
  c.res = malformedUrlResponse(problem);
};
