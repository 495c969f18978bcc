import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { HttpError } from '#server/errors.ts';
import { BODY_TIMEOUT_MESSAGE, BodyTimeoutError, bodyDeadline, bodyWithDeadline } from '#server/http/body-limits.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A body that sends `first`, then nothing until `release()` (and tells whether it was cancelled). */
function stalledBody(first: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(bytes(first));
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    release(rest: string) {
      controller.enqueue(bytes(rest));
      controller.close();
    },
    get cancelled() {
      return cancelled;
    },
  };
}

describe('bodyWithDeadline', () => {
  test('a body that arrives in time passes through whole and counts as finished', async () => {
    const source = stalledBody('{"a":');
    const guarded = bodyWithDeadline(source.stream, 1_000);
    setTimeout(() => source.release('1}'), 20);
    expect(await new Response(guarded.body).text()).toBe('{"a":1}');
    expect(guarded.finished).toBe(true);
  });

  test('a body still incomplete at the deadline errors with BodyTimeoutError (408) and the source is cancelled', async () => {
    const source = stalledBody('half of it');
    const started = performance.now();
    const guarded = bodyWithDeadline(source.stream, 150);
    const error = await new Response(guarded.body).text().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BodyTimeoutError);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(408);
    expect((error as HttpError).message).toBe(BODY_TIMEOUT_MESSAGE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(guarded.finished).toBe(false);
    await Bun.sleep(0);
    expect(source.cancelled).toBe(true);
  });

  test('the deadline counts from the call, even when nobody is reading yet', async () => {
    const source = stalledBody('early');
    const guarded = bodyWithDeadline(source.stream, 50);
    await Bun.sleep(120);
    expect(source.cancelled).toBe(true);
    expect(await new Response(guarded.body).text().catch((caught: unknown) => caught)).toBeInstanceOf(BodyTimeoutError);
  });

  test('stop() ends the clock: a body read after the deadline is then not refused', async () => {
    const source = stalledBody('answer ');
    const guarded = bodyWithDeadline(source.stream, 50);
    guarded.stop();
    await Bun.sleep(120);
    source.release('decided');
    expect(await new Response(guarded.body).text()).toBe('answer decided');
  });

  test('a source error (the client went away) reaches the reader as it is', async () => {
    const gone = new Error('The connection was closed.');
    const source = new ReadableStream<Uint8Array>({
      pull(c) {
        c.error(gone);
      },
    });
    const guarded = bodyWithDeadline(source, 1_000);
    expect(await new Response(guarded.body).text().catch((caught: unknown) => caught)).toBe(gone);
  });
});

describe('bodyDeadline middleware', () => {
  function appWith(timeoutMs: number) {
    const app = new Hono();
    app.use(bodyDeadline(() => timeoutMs));
    app.post('/read', async (c) => c.json({ text: await c.req.text() }));
    app.post('/ignore', (c) => c.json({ ok: true }));
    app.get('/get', (c) => c.json({ ok: true }));
    app.onError((error, c) =>
      error instanceof HttpError ? c.json({ message: error.message }, error.status) : c.json({ message: 'Internal server error' }, 500),
    );
    return app;
  }

  test('a slow body is answered 408 { message } and the connection is closed', async () => {
    const source = stalledBody('{"slow":');
    const response = await appWith(100).request('/read', { method: 'POST', body: source.stream });
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ message: BODY_TIMEOUT_MESSAGE });
    expect(response.headers.get('connection')).toBe('close');
  });

  test('a body in time reaches the route unchanged and the connection stays open', async () => {
    const response = await appWith(1_000).request('/read', { method: 'POST', body: 'hello', headers: { 'Content-Length': '5' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'hello' });
    expect(response.headers.get('connection')).toBeNull();
  });

  test('an answer that leaves a chunked body unread closes the connection; with a declared length it does not', async () => {
    const chunked = await appWith(1_000).request('/ignore', { method: 'POST', body: stalledBody('endless').stream });
    expect(chunked.status).toBe(200);
    expect(chunked.headers.get('connection')).toBe('close');
    const declared = await appWith(1_000).request('/ignore', { method: 'POST', body: 'abc', headers: { 'Content-Length': '3' } });
    expect(declared.headers.get('connection')).toBeNull();
  });

  test('requests without a body pass untouched', async () => {
    const response = await appWith(1).request('/get');
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBeNull();
  });
});
