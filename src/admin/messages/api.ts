import { ApiError, api } from '../../lib/api-client.ts';
import { type AdminContactMessage, type AdminContactMessagePage, CONTACT_MESSAGE_PAGE_SIZE } from '../../schemas/contact-message.ts';

const MESSAGES = '/api/admin/contact-messages';

/** One page, newest first, with the inbox's counts (the X-Total-Count and X-Unread-Count headers). */
export async function fetchContactMessages(page: number): Promise<AdminContactMessagePage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(CONTACT_MESSAGE_PAGE_SIZE) });
  const response = await fetch(`${MESSAGES}?${query}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return {
    messages: (await response.json()) as AdminContactMessage[],
    total: Number(response.headers.get('x-total-count') ?? 0),
    unread: Number(response.headers.get('x-unread-count') ?? 0),
    page,
    pageSize: CONTACT_MESSAGE_PAGE_SIZE,
  };
}

/** docs/product.md §4: unread → read only; there is no way back. Answers the updated message. */
export const markMessageRead = (id: number) => api.patch<AdminContactMessage>(`${MESSAGES}/${id}/read`);

/** 204. */
export const deleteContactMessage = (id: number) => api.delete(`${MESSAGES}/${id}`);
