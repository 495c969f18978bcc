import { api } from '../../lib/api-client.ts';
import type { AdminContactMessage } from '../../schemas/contact-message.ts';

const MESSAGES = '/api/admin/contact-messages';

export const fetchContactMessages = () => api.get<AdminContactMessage[]>(MESSAGES);

/** docs/product.md §4: unread → read only; there is no way back. Answers the updated message. */
export const markMessageRead = (id: number) => api.patch<AdminContactMessage>(`${MESSAGES}/${id}/read`);

/** 204. */
export const deleteContactMessage = (id: number) => api.delete(`${MESSAGES}/${id}`);
