import { adminApi, call } from '#src/lib/api-client.ts';

// The media screen's calls, one typed function each.

export const fetchMediaPage = (page: number) => call(adminApi.media.$get({ query: { page: String(page) } }));

/** 204; 409 (its message says where) while a post, a page, the logo or the favicon shows the image. */
export const deleteMedia = (id: string) => call(adminApi.media[':id'].$delete({ param: { id } }));
