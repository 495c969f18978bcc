'use client';

import { Download, Trash2, Upload } from 'lucide';
import { type FormEvent, useRef, useState } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import {
  type AdminSubscriber,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUS_FILTERS,
  type SubscriberStatusFilter,
} from '#src/schemas/subscriber.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { Options, SearchField, SelectField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteSubscriber, exportUrl, fetchSubscribers, type SubscriberPage, type SubscriberQuery } from './api.ts';
import { ImportDialog } from './import-dialog.tsx';
import { filterLabel, SUBSCRIBER_STATUS } from './subscriber-status.ts';

const DELETE_SUBSCRIBER: DeleteTexts<AdminSubscriber> = {
  title: 'Delete Subscriber',
  question: (person) => `Delete ${person.email} and everything kept about them? This cannot be undone.`,
  success: (person) => ({ title: 'Subscriber deleted', description: person.email }),
  failureTitle: 'Failed to delete subscriber',
};

const fullName = (person: AdminSubscriber) => [person.firstName, person.lastName].filter(Boolean).join(' ');

/** Everyone who signed up: search, filter by status, pages, delete, CSV export and import. */
export function SubscribersAdmin({ initial }: { initial: SubscriberPage }) {
  const query = useRef<SubscriberQuery>({ search: '', status: 'active', page: 1 });
  const { data, refetching, refetch } = useServerData(initial, () => fetchSubscribers(query.current), {
    title: 'Failed to load subscribers',
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatusFilter>('active');
  const [importing, setImporting] = useState(false);
  const deleting = useDeleteState<AdminSubscriber>();
  const pages = Math.max(1, Math.ceil(data.total / SUBSCRIBER_PAGE_SIZE));

  function show(change: Partial<SubscriberQuery>) {
    query.current = { ...query.current, page: 1, ...change };
    void refetch();
  }

  return (
    <>
      <ListPanel
        name="subscribers"
        title="Subscribers"
        count={`${data.total} ${data.total === 1 ? 'person' : 'people'} · ${filterLabel(status).toLowerCase()}`}
        refreshing={refetching}
        headerClassName="flex flex-col gap-4"
        controls={
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_13rem_auto_auto] md:items-end">
            <search>
              <form
                onSubmit={(event: FormEvent) => {
                  event.preventDefault();
                  show({ search });
                }}
              >
                <SearchField
                  id="subscriber-search"
                  label="Search name or email"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </form>
            </search>
            <SelectField
              id="subscriber-status"
              label="Show"
              value={status}
              onChange={(event) => {
                const next = event.target.value as SubscriberStatusFilter;
                setStatus(next);
                show({ status: next });
              }}
            >
              <Options items={SUBSCRIBER_STATUS_FILTERS.map((id) => ({ id, name: filterLabel(id) }))} />
            </SelectField>
            <a
              href={exportUrl({ search: query.current.search, status })}
              download
              className={buttonClass('outline', 'md', 'h-11 whitespace-nowrap')}
            >
              <Icon shapes={Download} aria-hidden="true" className="size-4" /> Export CSV
            </a>
            <Button variant="outline" className="h-11 whitespace-nowrap" onClick={() => setImporting(true)}>
              <Icon shapes={Upload} aria-hidden="true" className="size-4" /> Import CSV
            </Button>
          </div>
        }
      >
        {data.subscribers.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message={query.current.search ? 'Nobody matches this search.' : 'Nobody here yet.'} />
        ) : (
          <ul className="divide-y divide-line">
            {data.subscribers.map((person) => (
              <li key={person.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="break-all font-semibold text-primary-950">{person.email}</span>
                    <Badge tone={SUBSCRIBER_STATUS[person.status].tone} className="px-2 py-0.5">
                      {SUBSCRIBER_STATUS[person.status].label}
                    </Badge>
                  </p>
                  <p className="mt-0.5 text-sm text-muted">
                    {fullName(person) && <>{fullName(person)} · </>}
                    from {person.source} · since <DateTime at={person.createdAt} style="date" />
                  </p>
                </div>
                <Button variant="outline" size="sm" className="self-start text-red-700 sm:self-center" onClick={() => deleting.ask(person)}>
                  <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete<span className="sr-only"> {person.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Pager label="Subscriber pages" page={query.current.page} pages={pages} onPage={(page) => show({ page })} />
      </ListPanel>
      <DeleteDialog
        state={deleting}
        texts={DELETE_SUBSCRIBER}
        remove={(person) => deleteSubscriber(person.id)}
        onDeleted={() => void refetch()}
      />
      {importing && (
        <ImportDialog
          open
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void refetch();
          }}
        />
      )}
    </>
  );
}
