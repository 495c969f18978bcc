// Talking to a production server as its clients do: the login, same-origin JSON requests, the
// screens' typed clients, and a bare TCP connect.
import net from 'node:net';
import { apiClients } from '#src/lib/api-client.ts';
import type { AppServer } from './app-server.ts';
import { OWNER_EMAIL, OWNER_PASSWORD } from './settings.ts';

/** Signs in through the real login form's API; answers the Cookie header value. */
export async function login(server: AppServer, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<string> {
  const response = await fetch(server.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login on ${server.name}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie.split(';')[0]!;
}

/** A same-origin JSON request as the admin screens send it. */
export function api(
  server: AppServer,
  method: string,
  pathname: string,
  { cookie, body, timeoutMs = 15_000 }: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.origin };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(server.url(pathname), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * The screens' own typed clients (src/lib/api-client.ts) on `server`, sending what `api` sends
 * (same-origin, with `cookie`, given up after `timeoutMs`), so a test reads each answer as its
 * route declares it, never cast:
 *   const created = await typedApi(server, { cookie }).adminApi.newsletters.$post({ json: input });
 *   expect(created.status).toBe(201);
 *   const { id } = await created.json();
 * Requests that send what no route takes (bad input, raw bytes) stay with `api` or fetch.
 */
export function typedApi(server: AppServer, { cookie, timeoutMs = 15_000 }: { cookie?: string; timeoutMs?: number } = {}) {
  const headers: Record<string, string> = { Origin: server.origin };
  if (cookie) headers.Cookie = cookie;
  return apiClients({
    origin: server.origin,
    headers,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) })) as typeof fetch,
  });
}

/** Tries a new TCP connection to a loopback port: true when something accepted it within 1 s. */
export function acceptsConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
