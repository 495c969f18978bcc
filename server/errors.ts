import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error a service throws: its status and message reach the client as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const serviceUnavailable = (message = 'Database unavailable') => new HttpError(503, message);

// postgres.js and Postgres codes that mean "the database is away", not "the request is wrong".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  // A large query written to a connection the server has just closed (a terminated backend,
  // tests/fault/killed-backends.fault.ts): postgres.js rejects it with `write EPIPE`.
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  'DATABASE_UNREACHABLE', // refused at once while the server is known to be away (db/client.ts)
]);

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error
    ? error.code
    : error instanceof Error && error.cause
      ? codeOf(error.cause)
      : undefined;

export const isDatabaseUnavailable = (error: unknown) => UNAVAILABLE_CODES.has(String(codeOf(error)));

export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';

/** Postgres refused the data itself (classes 22 and 23): trying the same rows again cannot succeed. */
export const isDataError = (error: unknown) => /^2[23]/.test(String(codeOf(error) ?? ''));
