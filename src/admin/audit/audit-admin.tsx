'use client';

import { type ChangeEvent, useRef, useState } from 'react';
import { plural } from '#src/lib/plural.ts';
import { AUDIT_ACTIONS, type AuditPage, type AuditRow } from '#src/schemas/audit.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { Options, SearchField, SelectField, TextField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { type AuditQuery, fetchAudit } from './api.ts';
import { describeDetails } from './describe-entry.ts';

type Filters = Omit<AuditQuery, 'page'>;

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([id, name]) => ({ id, name }));

function Entry({ entry }: { entry: AuditRow }) {
  const lines = describeDetails(entry.action, entry.details);
  return (
    <li className="px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-primary-950">{AUDIT_ACTIONS[entry.action] ?? entry.action}</p>
        <DateTime at={entry.at} className="text-sm text-muted" />
      </div>
      <p className="mt-1 text-sm text-muted">
        <span className="break-all text-ink">{entry.actorEmail ?? 'The site'}</span>
        {entry.targetType && (
          <>
            {' · '}
            {entry.targetType} {entry.targetId}
          </>
        )}
        {entry.ipAddress && <> · from {entry.ipAddress}</>}
      </p>
      {lines.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-sm text-ink [overflow-wrap:anywhere]">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** /admin/audit (owner only): who did what and when, newest first, filtered by person, action and days. */
export function AuditAdmin({ initialPage }: { initialPage: AuditPage }) {
  const [filters, setFilters] = useState<Filters>({ actor: '', action: '', from: '', to: '' });
  const query = useRef<AuditQuery>({ ...filters, page: 1 });
  const { data, refetching, refetch } = useServerData(initialPage, () => fetchAudit(query.current), {
    title: 'Failed to load the audit log',
  });
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const filtered = Object.values(filters).some(Boolean);

  function apply(next: Filters, page = 1) {
    setFilters(next);
    query.current = { ...next, page };
    void refetch();
  }

  /** A filter control's id, value and change handler: every change shows the first page again. */
  const filter = (key: keyof Filters) => ({
    id: `audit-${key}`,
    value: filters[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => apply({ ...filters, [key]: event.target.value } as Filters),
  });

  return (
    <ListPanel
      name="audit"
      title="Entries"
      count={plural(data.total, 'entry', 'entries')}
      refreshing={refetching}
      headerClassName="space-y-4"
      controls={
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SearchField {...filter('actor')} label="Person" placeholder="Part of an e-mail" />
          <SelectField {...filter('action')} label="Action">
            <Options none="All actions" items={ACTION_OPTIONS} />
          </SelectField>
          <TextField {...filter('from')} label="From" type="date" />
          <TextField {...filter('to')} label="To" type="date" />
        </div>
      }
    >
      {data.entries.length === 0 ? (
        <EmptyState className="m-4 sm:m-6" message={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'} />
      ) : (
        <ul className="divide-y divide-line">
          {data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <Pager label="Audit log pages" page={data.page} pages={pages} onPage={(page) => apply(filters, page)} />
    </ListPanel>
  );
}
