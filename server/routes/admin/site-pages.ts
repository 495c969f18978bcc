import { type Context, Hono } from 'hono';
import { notFound } from '#server/errors.ts';
import { limitBody } from '#server/http/body-limits.ts';
import {
  autosavePage,
  getAdminPage,
  getPageRevision,
  listAdminPages,
  listPageRevisions,
  restorePageRevision,
  savePage,
} from '#server/services/site-pages/writes.ts';
import { idParam, json } from '#server/validation.ts';
import { isPageKey, PAGE_NOT_FOUND, type PageKey, pageRestoreSchema, pageSaveSchema } from '#src/schemas/site-content/pages.ts';

// A page's whole content is a few tens of kilobytes even with every list full and every character escaped.
const pageBody = limitBody(512 * 1024);

/** The page named in the path, or a 404. */
function pageKey(c: Context): PageKey {
  const key = c.req.param('key') ?? '';
  if (!isPageKey(key)) throw notFound(PAGE_NOT_FOUND);
  return key;
}

// Mounted under /api/admin: the admin guard has run before these. Admin → Pages (issue 31).
export const adminSitePageRoutes = new Hono()
  // An unknown page is a 404 before its body is read.
  .use('/pages/:key/*', async (c, next) => {
    pageKey(c);
    await next();
  })
  .use('/pages/:key', async (c, next) => {
    pageKey(c);
    await next();
  })
  .get('/pages', async (c) => c.json({ pages: await listAdminPages() }))
  .get('/pages/:key', async (c) => c.json(await getAdminPage(pageKey(c))))
  .put('/pages/:key', pageBody, json(pageSaveSchema), async (c) => c.json(await savePage(pageKey(c), c.req.valid('json'))))
  .put('/pages/:key/autosave', pageBody, json(pageSaveSchema), async (c) => c.json(await autosavePage(pageKey(c), c.req.valid('json'))))
  .get('/pages/:key/revisions', async (c) => c.json({ revisions: await listPageRevisions(pageKey(c)) }))
  .get('/pages/:key/revisions/:revisionId', async (c) => c.json(await getPageRevision(pageKey(c), idParam(c, 'revisionId'))))
  .post('/pages/:key/revisions/:revisionId/restore', pageBody, json(pageRestoreSchema), async (c) =>
    c.json(await restorePageRevision(pageKey(c), idParam(c, 'revisionId'), c.req.valid('json').version)),
  );
