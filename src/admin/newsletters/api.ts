import { adminApi, call } from '#src/lib/api-client.ts';
import { NEWSLETTER_PAGE_SIZE, type NewsletterInput } from '#src/schemas/newsletter.ts';

const newsletters = adminApi.newsletters;
const byId = (id: number) => ({ param: { id: String(id) } });

/** One page of newsletters, newest first, with how many there are and the active subscribers. */
export const fetchNewsletters = (page: number) =>
  call(newsletters.$get({ query: { page: String(page), pageSize: String(NEWSLETTER_PAGE_SIZE) } }));
export const fetchNewsletter = (id: number) => call(newsletters[':id'].$get(byId(id)));
export const createNewsletter = (input: NewsletterInput) => call(newsletters.$post({ json: input }));
export const updateNewsletter = (id: number, input: NewsletterInput) => call(newsletters[':id'].$put({ ...byId(id), json: input }));
export const deleteNewsletter = (id: number) => call(newsletters[':id'].$delete(byId(id)));
export const previewNewsletter = (input: { subject: string; body: string }) => call(newsletters.preview.$post({ json: input }));
export const newsletterFromPost = (postId: number) => call(newsletters['from-post'][':id'].$get(byId(postId)));
export const sendTestNewsletter = (id: number) => call(newsletters[':id'].test.$post(byId(id)));
export const sendNewsletter = (id: number, scheduledFor?: string) =>
  call(newsletters[':id'].send.$post({ ...byId(id), json: scheduledFor ? { scheduledFor } : {} }));
export const setNewsletterSignup = (on: boolean) => call(adminApi.settings.$patch({ json: { newsletterEnabled: on } }));
