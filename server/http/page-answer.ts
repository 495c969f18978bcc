import type { Context } from 'hono';
import type { PageInfo } from '#src/schemas/page.ts';

/**
 * For a list the spec answers as a bare array (messages, subscribers): how many rows match in
 * all travels in `X-Total-Count`, beside the page's rows in the body.
 */
export function pageHeaders(c: Context, { total }: PageInfo) {
  c.header('X-Total-Count', String(total));
}
