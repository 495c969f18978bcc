import { adminApi, call } from '#src/lib/api-client.ts';
import type { PageKey, PageSave } from '#src/schemas/site-content/pages.ts';

// Admin → Pages' calls, one typed function each.

const page = adminApi.pages[':key'];

export const savePage = (key: PageKey, input: PageSave) => call(page.$put({ param: { key }, json: input }));

export const autosavePage = (key: PageKey, input: PageSave) => call(page.autosave.$put({ param: { key }, json: input }));

// A page's history (issue 31, "revisions like posts").
const revision = (key: PageKey, revisionId: number) => ({ param: { key, revisionId: String(revisionId) } });

export const fetchPageRevisions = async (key: PageKey) => (await call(page.revisions.$get({ param: { key } }))).revisions;

export const fetchPageRevision = (key: PageKey, revisionId: number) => call(page.revisions[':revisionId'].$get(revision(key, revisionId)));

export const restorePageRevision = (key: PageKey, revisionId: number, version: number) =>
  call(page.revisions[':revisionId'].restore.$post({ ...revision(key, revisionId), json: { version } }));
