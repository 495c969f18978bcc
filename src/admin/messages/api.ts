import { api } from '../../lib/api-client.ts';

/** A contact message as GET /api/admin/contact-messages answers it (spec §3), newest first. */
export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  isRead: boolean;
  /** ISO 8601. */
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const MESSAGES = '/api/admin/contact-messages';

export const fetchContactMessages = () => api.get<InboxMessage[]>(MESSAGES);

/** Spec §4: unread → read only; there is no way back. Answers the updated message. */
export const markMessageRead = (id: number) => api.patch<InboxMessage>(`${MESSAGES}/${id}/read`);

/** 204. */
export const deleteContactMessage = (id: number) => api.delete(`${MESSAGES}/${id}`);
