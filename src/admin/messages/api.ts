import { adminApi, answer, call } from '#src/lib/api-client.ts';
import { type AdminContactMessagePage, CONTACT_MESSAGE_PAGE_SIZE } from '#src/schemas/contact-message.ts';

const messages = adminApi['contact-messages'];

/** One page, newest first, with the inbox's counts (the X-Total-Count and X-Unread-Count headers). */
export async function fetchContactMessages(page: number): Promise<AdminContactMessagePage> {
  const pageSize = CONTACT_MESSAGE_PAGE_SIZE;
  const { body, headers } = await answer(messages.$get({ query: { page: String(page), pageSize: String(pageSize) } }));
  return {
    messages: body,
    total: Number(headers.get('x-total-count') ?? 0),
    unread: Number(headers.get('x-unread-count') ?? 0),
    page,
    pageSize,
  };
}

/** docs/product.md §4: unread → read only; there is no way back. Answers the updated message. */
export const markMessageRead = (id: number) => call(messages[':id'].read.$patch({ param: { id: String(id) }, json: {} }));

/** 204. */
export const deleteContactMessage = (id: number) => call(messages[':id'].$delete({ param: { id: String(id) } }));
