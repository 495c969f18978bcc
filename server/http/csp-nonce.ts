import { AsyncLocalStorage } from 'node:async_hooks';
import { encodeBase64 } from '@oslojs/encoding';
import type { MiddlewareHandler } from 'hono';
import { contentSecurityPolicy } from '../security-headers.ts';

// A strict Content-Security-Policy for pages (issue 33 §5): every inline script a page renders —
// Waku's bootstrap, React's streaming scripts, the RSC payload — carries a nonce drawn for that
// render, and `script-src` allows only 'self' and that nonce. Waku reads the render's nonce through
// globalThis.__WAKU_CSP_NONCE__ (patches/waku@0.27.5.patch), since its render code is bundled apart
// from ours. A cached page keeps the nonce and the header of the render that made it: the value is
// unguessable before that render, and anything injected into that render cannot know it.

const renders = new AsyncLocalStorage<string>();

declare global {
  var __WAKU_CSP_NONCE__: (() => string | undefined) | undefined;
}
globalThis.__WAKU_CSP_NONCE__ = () => renders.getStore();

/** 128 random bits, base64: a fresh nonce for one render. */
export const newNonce = () => encodeBase64(crypto.getRandomValues(new Uint8Array(16)));

/** Runs a render with `nonce` as the nonce its inline scripts carry. */
export const withNonce = <T>(nonce: string, render: () => Promise<T>): Promise<T> => renders.run(nonce, render);

/**
 * Renders each page under a fresh nonce and states it in the page's policy. After the page cache
 * in the chain: a hit is answered with the page and the header it was stored with.
 */
export const cspNonceMiddleware = (): MiddlewareHandler => async (c, next) => {
  const nonce = newNonce();
  await withNonce(nonce, () => next());
  if (/^text\/html/i.test(c.res.headers.get('content-type') ?? '')) {
    c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  }
};
