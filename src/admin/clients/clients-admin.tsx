'use client';

import { Plus } from 'lucide';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientStatus, type ClientsPage } from '#src/schemas/client.ts';
import type { SessionPackage } from '#src/schemas/credits.ts';
import { pageCount } from '#src/schemas/page.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { Options, SearchField, SelectField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { type ClientQuery, fetchClients } from './api.ts';
import { ClientDialog } from './client-dialog.tsx';
import { PackagesPanel } from './packages-panel.tsx';

export const STATUS_TONE = { prospect: 'primary', active: 'success', past: 'neutral' } as const;

/** Admin → Clients: everyone the coach works with (search, status, pages, add), and the packages they sell. */
export function ClientsAdmin({
  initial,
  packages,
  sessionTypes,
  currency,
}: {
  initial: ClientsPage;
  packages: SessionPackage[];
  sessionTypes: { id: number; name: string }[];
  currency: string;
}) {
  const query = useRef<ClientQuery>({ search: '', status: '', page: 1 });
  const { data, refetching, refetch } = useServerData(initial, () => fetchClients(query.current), { title: 'Failed to load clients' });
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const router = useRouter();

  function show(change: Partial<ClientQuery>) {
    query.current = { ...query.current, page: 1, ...change };
    void refetch();
  }

  return (
    <>
      <ListPanel
        name="clients"
        title="Clients"
        count={plural(data.total, 'client')}
        refreshing={refetching}
        headerClassName="flex flex-col gap-4"
        controls={
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_auto] md:items-end">
            <search>
              <form
                onSubmit={(event: FormEvent) => {
                  event.preventDefault();
                  show({ search });
                }}
              >
                <SearchField
                  id="client-search"
                  label="Search name, email, organisation or tag"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </form>
            </search>
            <SelectField
              id="client-status"
              label="Show"
              value={query.current.status}
              onChange={(event) => show({ status: event.target.value as ClientStatus | '' })}
            >
              <Options none="Everyone" items={CLIENT_STATUSES.map((id) => ({ id, name: CLIENT_STATUS_LABELS[id] }))} />
            </SelectField>
            <Button className="h-11 whitespace-nowrap" onClick={() => setAdding(true)}>
              <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Client
            </Button>
          </div>
        }
      >
        {data.clients.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message={query.current.search ? 'Nobody matches this search.' : 'No clients yet.'} />
        ) : (
          <ul className="divide-y divide-line">
            {data.clients.map((client) => (
              <li key={client.id} className="px-4 py-3 sm:px-6" data-testid="client-row">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link to={`/admin/clients/${client.id}`} className="font-semibold text-primary-800 underline-offset-2 hover:underline">
                    {client.name}
                  </Link>
                  <Badge tone={STATUS_TONE[client.status]} className="px-2 py-0.5">
                    {CLIENT_STATUS_LABELS[client.status]}
                  </Badge>
                </p>
                <p className="mt-0.5 text-sm break-all text-muted">
                  {client.email}
                  {client.organisation && <> · {client.organisation}</>} · {plural(client.creditsLeft, 'credit')} left
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pager label="Client pages" page={data.page} pages={pageCount(data)} onPage={(page) => show({ page })} />
      </ListPanel>
      <PackagesPanel initial={packages} sessionTypes={sessionTypes} currency={currency} />
      <ClientDialog
        open={adding}
        client={null}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setAdding(false);
          router.push(`/admin/clients/${saved.id}`);
        }}
      />
    </>
  );
}
