import { adminApi, call } from '#src/lib/api-client.ts';
import type { PageKey, PageSave } from '#src/schemas/site-content/pages.ts';

// Admin → Pages' calls, one typed function each.

const page = adminApi.pages[':key'];

export const savePage = (key: PageKey, input: PageSave) => call(page.$put({ param: { key }, json: input }));

export const autosavePage = (key: PageKey, input: PageSave) => call(page.autosave.$put({ param: { key }, json: input }));
