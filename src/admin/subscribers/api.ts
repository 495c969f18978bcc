import { ApiError, api } from '../../lib/api-client.ts';
import type { AdminSubscriber, SubscriberQuery as BaseQuery, SubscriberImport } from '../../schemas/subscriber.ts';
import { SUBSCRIBER_PAGE_SIZE } from '../../schemas/subscriber.ts';

const SUBSCRIBERS = '/api/admin/subscribers';

/** What the screen asks for: every part of the query set. */
export type SubscriberQuery = Required<Omit<BaseQuery, 'pageSize'>>;

export interface SubscriberPage {
  subscribers: AdminSubscriber[];
  total: number;
}

const params = ({ search, status }: Pick<SubscriberQuery, 'search' | 'status'>) => {
  const query = new URLSearchParams({ status });
  if (search.trim()) query.set('search', search.trim());
  return query;
};

/** One page, and how many match in all (the X-Total-Count header). */
export async function fetchSubscribers(query: SubscriberQuery): Promise<SubscriberPage> {
  const search = params(query);
  search.set('page', String(query.page));
  search.set('pageSize', String(SUBSCRIBER_PAGE_SIZE));
  const response = await fetch(`${SUBSCRIBERS}?${search}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return { subscribers: (await response.json()) as AdminSubscriber[], total: Number(response.headers.get('x-total-count') ?? 0) };
}

export const exportUrl = (query: Pick<SubscriberQuery, 'search' | 'status'>) => `${SUBSCRIBERS}/export.csv?${params(query)}`;
export const deleteSubscriber = (id: number) => api.delete(`${SUBSCRIBERS}/${id}`);
export const importSubscribers = (csv: string, confirm: boolean, consent: boolean) =>
  api.post<SubscriberImport>(`${SUBSCRIBERS}/import`, { csv, confirm, consent });
