import { api } from '../../lib/api-client.ts';
import type { OutboxEmailDetail, OutboxEmailSummary, OutboxPage, OutboxStatusFilter, TestEmailResult } from '../../schemas/outbox.ts';

const OUTBOX = '/api/admin/outbox';

export const fetchOutbox = (status: OutboxStatusFilter, page: number) =>
  api.get<OutboxPage>(`${OUTBOX}?${new URLSearchParams({ status, page: String(page) })}`);

export const fetchOutboxEmail = (id: number) => api.get<OutboxEmailDetail>(`${OUTBOX}/${id}`);

export const retryOutboxEmail = (id: number) => api.post<OutboxEmailSummary>(`${OUTBOX}/${id}/retry`);

export const sendTestEmail = () => api.post<TestEmailResult>(`${OUTBOX}/test`);
