import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from '../errors.ts';

// docs/reliability.md, test 8: a client that sends its body slower than the deadline is answered 408.
// Bun closes a socket only when it stays silent for `idleTimeout` (120 s, needed by long streamed
// pages) or, for a body, when it brings less than 16 KB/s over that time, so a client dripping
// 1 KB/s would hold a request open for two minutes; the deadline answers it after 30 s instead.

export const BODY_TIMEOUT_MESSAGE = 'Request body not received in time';

/** What a read of a request body throws once its deadline has passed; answered 408 `{ message }`. */
export class BodyTimeoutError extends HttpError {
  constructor() {
    super(408, BODY_TIMEOUT_MESSAGE);
    this.name = 'BodyTimeoutError';
  }
}

export interface DeadlineBody {
  /** The body to read in place of the source; errors with BodyTimeoutError at the deadline. */
  readonly body: ReadableStream<Uint8Array>;
  /** Whether the source has been read to its end. */
  readonly finished: boolean;
  /** Stops the clock (the answer is decided); a body still unread is left as it is. */
  stop(): void;
}

/**
 * Passes `source` through, chunk by chunk as the reader asks for them (nothing is read ahead or
 * buffered), and errors it with BodyTimeoutError if it has not ended `timeoutMs` after this call.
 * At the deadline the source is cancelled, so nothing more of it is kept.
 */
export function bodyWithDeadline(source: ReadableStream<Uint8Array>, timeoutMs: number): DeadlineBody {
  const reader = source.getReader();
  let state: 'reading' | 'finished' | 'expired' | 'stopped' = 'reading';
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const timer = setTimeout(() => {
    if (state !== 'reading') return;
    state = 'expired';
    controller.error(new BodyTimeoutError());
    reader.cancel().catch(() => {});
  }, timeoutMs);
  const settle = (next: typeof state) => {
    if (state === 'reading') state = next;
    clearTimeout(timer);
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      async pull(c) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          // The client went away (Bun aborts the source): the reader sees that error.
          if (state === 'expired') return;
          settle('stopped');
          c.error(error);
          return;
        }
        if (state === 'expired') return;
        if (chunk.done) {
          settle('finished');
          c.close();
        } else {
          c.enqueue(chunk.value);
        }
      },
      cancel(reason) {
        settle('stopped');
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );

  return {
    body,
    get finished() {
      return state === 'finished';
    },
    stop() {
      if (state === 'reading') clearTimeout(timer);
    },
  };
}

/**
 * Every request body must be read whole within `timeoutMs()` of the request reaching the app,
 * else the read throws BodyTimeoutError (→ 408). Answers that leave a body unread end the
 * connection when Bun could not know where that body ends (chunked: it would read and discard
 * it for as long as the client sends), and after a 408 (RFC 9110 §15.5.9).
 */
export const bodyDeadline =
  (timeoutMs: () => number): MiddlewareHandler =>
  async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === 'GET' || raw.method === 'HEAD' || !raw.body) return next();
    const guarded = bodyWithDeadline(raw.body, timeoutMs());
    c.req.raw = new Request(raw, { body: guarded.body });
    try {
      await next();
    } finally {
      guarded.stop();
    }
    if (c.res.status === 408 || (!guarded.finished && !raw.headers.has('content-length'))) {
      c.res.headers.set('Connection', 'close');
    }
  };

/**
 * A route's own body size limit: 413 `{ message }` as soon as a declared Content-Length is above
 * it, or, for a chunked body, as soon as the bytes read pass it (nothing more is read). Bun's
 * `maxRequestBodySize` (6 MiB, scripts/start.ts) is only the ceiling above every route.
 */
export const limitBody = (maxSize: number, message = 'Request body too large'): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, message);
    },
  });

// Far above the largest valid post (200,000 characters of content plus the short fields).
const POST_BODY_LIMIT = 1024 * 1024;

/** The body limit of every request that carries a post's text (saves, previews, autosaves). */
export const limitPostBody = limitBody(POST_BODY_LIMIT);
