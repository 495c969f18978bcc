import { adminApi, adminLink, answer, call } from '#src/lib/api-client.ts';
import type { SubscriberQuery as BaseQuery } from '#src/schemas/subscriber.ts';
import { SUBSCRIBER_PAGE_SIZE } from '#src/schemas/subscriber.ts';

const subscribers = adminApi.subscribers;

/** What the screen asks for: every part of the query set. */
export type SubscriberQuery = Required<Omit<BaseQuery, 'pageSize'>>;

const filters = ({ search, status }: Pick<SubscriberQuery, 'search' | 'status'>) => ({ status, search: search.trim() || undefined });

/** One page, and how many match in all (the X-Total-Count header). */
export async function fetchSubscribers(query: SubscriberQuery) {
  const { body, headers } = await answer(
    subscribers.$get({ query: { ...filters(query), page: String(query.page), pageSize: String(SUBSCRIBER_PAGE_SIZE) } }),
  );
  return { subscribers: body, total: Number(headers.get('x-total-count') ?? 0) };
}
export type SubscriberPage = Awaited<ReturnType<typeof fetchSubscribers>>;

export const exportUrl = (query: Pick<SubscriberQuery, 'search' | 'status'>) =>
  adminLink(subscribers['export.csv'].$path({ query: filters(query) }));
export const deleteSubscriber = (id: number) => call(subscribers[':id'].$delete({ param: { id: String(id) } }));
export const importSubscribers = (csv: string, confirm: boolean, consent: boolean) =>
  call(subscribers.import.$post({ json: { csv, confirm, consent } }));
