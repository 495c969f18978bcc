import { siteConfig } from '../src/config/site.ts';

// ASVS 3.4, docs/security.md: headers on every response the server sends — pages, API, static assets,
// uploads and 404s alike — applied once where the server hands the response back.
// Scripts: 'self' only, and on pages the nonce of their render (server/http/csp-nonce.ts), never
// 'unsafe-inline' (issue 33 §5).

/** Admin pages (and their RSC payloads, under /RSC/R/admin) and the private API. */
const PRIVATE_PATH = /^(\/RSC\/R)?\/admin([/.]|$)|^\/api\/(admin|auth|test-cases)\/|^\/api\/upload-profile-image$/;

/** The policy of every response; a page's names the nonce its inline scripts carry. */
export function contentSecurityPolicy(nonce?: string): string {
  const analytics = siteConfig().analytics.endpoint;
  const connect = ["'self'", ...(analytics ? [new URL(analytics).origin] : [])].join(' ');
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function withSecurityHeaders(request: Request, response: Response): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  headers.delete('X-Powered-By');
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy());
  if (siteConfig().url.startsWith('https://')) {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  // Waku answers pages as bare `text/html`; every body states its charset (ASVS 4.1.1, docs/security.md).
  const type = headers.get('Content-Type');
  if (type && /^(text\/(html|css|javascript|plain)|application\/json)$/i.test(type.trim()))
    headers.set('Content-Type', `${type}; charset=utf-8`);
  if (PRIVATE_PATH.test(new URL(request.url).pathname)) {
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Robots-Tag', 'noindex');
  }
  return secured;
}
