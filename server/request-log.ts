/**
 * One line per request: method, path, status, milliseconds. The query string is left out
 * (it may carry anything), and so are headers and bodies, so no cookie, token or password is logged.
 */
export function formatRequestLine(method: string, url: string, status: number, ms: number): string {
  return `${method} ${new URL(url).pathname} ${status} ${ms.toFixed(1)}ms`;
}
