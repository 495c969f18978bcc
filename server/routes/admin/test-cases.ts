import { Hono } from 'hono';
import { HttpError } from '#server/errors.ts';
import { limitBody } from '#server/http/body-limits.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { logSecurityEvent } from '#server/security-log.ts';
import { getRunResults, importJunit, initializeSuites, listSuites } from '#server/services/test-suites.ts';
import { JunitRefusedError } from '#server/test-results/junit.ts';
import { id } from '#server/validation.ts';

/** A whole bun test or Playwright report of this project is well under 1 MB. */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024;
export const REPORT_TOO_LARGE = 'Report too large';
export const XML_CONTENT_TYPE_REQUIRED = 'Content-Type must be application/xml or text/xml';

// Mounted under /api/test-cases: the admin guard has run before any of these (ASVS 8.2.1, docs/security.md).
export const adminTestCaseRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/suites', async (c) => c.json(await listSuites()))
  .get('/runs/:runId', id('runId'), async (c) => c.json(await getRunResults(c.req.valid('param').runId)))
  .post('/initialize', async (c) => c.json(await initializeSuites()))
  .post(
    '/runs',
    // Counted while the body streams in, chunked bodies included (ASVS 5.1.1, docs/security.md).
    limitBody(MAX_REPORT_BYTES, REPORT_TOO_LARGE),
    async (c) => {
      if (!/^(application|text)\/xml\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        throw new HttpError(415, XML_CONTENT_TYPE_REQUIRED);
      }
      const xml = await c.req.text();
      try {
        return c.json(await importJunit(xml, c.get('user')!.email), 201);
      } catch (error) {
        if (error instanceof JunitRefusedError) {
          logSecurityEvent(c, 'upload_refused', { kind: 'junit', reason: error.reason, size: xml.length });
        }
        throw error;
      }
    },
  );
