// One JSON line per event, in one shape: UTC time, level, event, then the event's fields (a request
// id wherever there is a request). Callers pass identifiers only (ids, paths, digests): never a
// password, token, cookie, query string or body.

export type Level = 'info' | 'warn' | 'error';

export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

// Each request's id, given where the server first sees it and read back by the API's error
// handler, so the X-Request-Id header, the log lines and a 500's body all carry the same one. On
// globalThis: the production bundle has its own copy of this module next to the start script's.
const REQUEST_IDS = Symbol.for('coaching-site.request-ids');
const requestIds = ((globalThis as Record<symbol, WeakMap<Request, string> | undefined>)[REQUEST_IDS] ??= new WeakMap());

export function assignRequestId(request: Request): string {
  const id = crypto.randomUUID();
  requestIds.set(request, id);
  return id;
}

export const requestIdOf = (request: Request): string | undefined => requestIds.get(request);

/** Paths whose last part is a secret key (the coach's private calendar feed): logged without it. */
const SECRET_PATH = /^(\/api\/calendar-feed\/)[^/]+$/;

/**
 * The line for an answered request: method, path (never the query string, which may carry
 * anything, nor a secret in the path), status and milliseconds. A 503 is the database being away
 * (handled, a warning); any other 5xx is a bug.
 */
export function logRequest(request: Request, requestId: string, status: number, ms: number): void {
  const level = status === 503 ? 'warn' : status >= 500 ? 'error' : 'info';
  const path = new URL(request.url).pathname.replace(SECRET_PATH, '$1(hidden)');
  log(level, 'request', { requestId, method: request.method, path, status, ms: Math.round(ms * 10) / 10 });
}
