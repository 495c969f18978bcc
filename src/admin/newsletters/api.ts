import { api } from '../../lib/api-client.ts';
import {
  type AdminNewsletter,
  NEWSLETTER_PAGE_SIZE,
  type NewsletterInput,
  type NewsletterPage,
  type NewsletterPreview,
} from '../../schemas/newsletter.ts';
import type { SiteSettings } from '../../schemas/settings.ts';

const NEWSLETTERS = '/api/admin/newsletters';

/** One page of newsletters, newest first, with how many there are and the active subscribers. */
export const fetchNewsletters = (page: number) => api.get<NewsletterPage>(`${NEWSLETTERS}?page=${page}&pageSize=${NEWSLETTER_PAGE_SIZE}`);
export const fetchNewsletter = (id: number) => api.get<AdminNewsletter>(`${NEWSLETTERS}/${id}`);
export const createNewsletter = (input: NewsletterInput) => api.post<AdminNewsletter>(NEWSLETTERS, input);
export const updateNewsletter = (id: number, input: NewsletterInput) => api.put<AdminNewsletter>(`${NEWSLETTERS}/${id}`, input);
export const deleteNewsletter = (id: number) => api.delete(`${NEWSLETTERS}/${id}`);
export const previewNewsletter = (input: { subject: string; body: string }) => api.post<NewsletterPreview>(`${NEWSLETTERS}/preview`, input);
export const newsletterFromPost = (postId: number) =>
  api.get<{ subject: string; body: string; postId: number }>(`${NEWSLETTERS}/from-post/${postId}`);
export const sendTestNewsletter = (id: number) => api.post<{ message: string }>(`${NEWSLETTERS}/${id}/test`);
export const sendNewsletter = (id: number, scheduledFor?: string) =>
  api.post<AdminNewsletter>(`${NEWSLETTERS}/${id}/send`, scheduledFor ? { scheduledFor } : {});
export const setNewsletterSignup = (on: boolean) => api.patch<SiteSettings>('/api/admin/settings', { newsletterEnabled: on });
