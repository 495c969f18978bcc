import { adminApi, call } from '#src/lib/api-client.ts';
import type { OutboxStatusFilter } from '#src/schemas/outbox.ts';

const outbox = adminApi.outbox;

export const fetchOutbox = (status: OutboxStatusFilter, page: number) => call(outbox.$get({ query: { status, page: String(page) } }));

export const fetchOutboxEmail = (id: number) => call(outbox[':id'].$get({ param: { id: String(id) } }));

export const retryOutboxEmail = (id: number) => call(outbox[':id'].retry.$post({ param: { id: String(id) } }));

/** Queues a copy of the email to its recipient, links and all (the outbox shows them without their token). */
export const resendOutboxEmail = (id: number) => call(outbox[':id'].resend.$post({ param: { id: String(id) } }));

export const sendTestEmail = () => call(outbox.test.$post());
