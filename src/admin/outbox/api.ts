import { adminApi, call } from '#src/lib/api-client.ts';
import type { OutboxStatusFilter } from '#src/schemas/outbox.ts';

const outbox = adminApi.outbox;

export const fetchOutbox = (status: OutboxStatusFilter, page: number) => call(outbox.$get({ query: { status, page: String(page) } }));

export const fetchOutboxEmail = (id: number) => call(outbox[':id'].$get({ param: { id: String(id) } }));

export const retryOutboxEmail = (id: number) => call(outbox[':id'].retry.$post({ param: { id: String(id) } }));

export const sendTestEmail = () => call(outbox.test.$post());
