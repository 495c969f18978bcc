import { expect } from 'bun:test';

/**
 * `expectRefused(send, status, body)` for a file whose `snapshot()` reads the rows its endpoints
 * write: the request is answered `status` with exactly that JSON body, and nothing changed.
 */
export function refusalChecker(snapshot: () => Promise<unknown>) {
  return async (send: () => Response | Promise<Response>, status: number, expected: Record<string, unknown>) => {
    const before = await snapshot();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  };
}
