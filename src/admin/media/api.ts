import { adminApi, call } from '#src/lib/api-client.ts';

// The media screen's calls, one typed function each.

export const fetchMediaPage = (page: number) => call(adminApi.media.$get({ query: { page: String(page) } }));

/** 204; 409 while a post uses the image. */
export const deleteMedia = (id: string) => call(adminApi.media[':id'].$delete({ param: { id } }));
