import { api } from '../../lib/api-client.ts';
import type { MediaPage } from '../../schemas/media.ts';

// The media screen's calls, one typed function each.
const MEDIA = '/api/admin/media';

export const fetchMediaPage = (page: number) => api.get<MediaPage>(`${MEDIA}?page=${page}`);

/** 204; 409 while a post uses the image. */
export const deleteMedia = (id: string) => api.delete(`${MEDIA}/${encodeURIComponent(id)}`);
