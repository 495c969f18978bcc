import type { AdminSubscriber } from '#src/schemas/subscriber.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';

// docs/product.md §9: the dashboard lists 10 subscribers.
export const DASHBOARD_SUBSCRIBERS = 10;

function Optional({ value }: { value: string | null }) {
  if (value && value.trim() !== '') return <>{value}</>;
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not given</span>
    </span>
  );
}

export function SubscribersTable({ subscribers }: { subscribers: AdminSubscriber[] }) {
  return (
    <DashboardPanel panel="subscribers" empty={subscribers.length === 0 && <EmptyState message="No subscribers yet." />}>
      {
        // Phones get one stacked card per subscriber; the explicit roles keep the table's meaning
        // for assistive technology after its display changes (Safari drops it otherwise).
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
          <table role="table" className="block w-full text-left text-sm sm:table">
            <thead
              role="rowgroup"
              className="sr-only border-b border-line bg-canvas text-xs font-semibold uppercase tracking-wider text-muted sm:not-sr-only sm:table-header-group"
            >
              <tr role="row">
                <th role="columnheader" scope="col" className="px-5 py-3">
                  First name
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Last name
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Email
                </th>
                <th role="columnheader" scope="col" className="px-5 py-3">
                  Subscribed
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="block divide-y divide-line sm:table-row-group">
              {subscribers.map((subscriber) => (
                <tr role="row" key={subscriber.id} className="flex flex-wrap gap-x-1.5 px-4 py-3 sm:table-row sm:p-0">
                  <td role="cell" className="font-semibold sm:px-5 sm:py-3 sm:font-medium">
                    <Optional value={subscriber.firstName} />
                  </td>
                  <td role="cell" className="font-semibold sm:px-4 sm:py-3 sm:font-medium">
                    <Optional value={subscriber.lastName} />
                  </td>
                  <td role="cell" className="basis-full break-all sm:px-4 sm:py-3">
                    {subscriber.email}
                  </td>
                  <td role="cell" className="mt-0.5 basis-full text-xs text-muted sm:mt-0 sm:whitespace-nowrap sm:px-5 sm:py-3 sm:text-sm">
                    <span className="sm:hidden">Subscribed </span>
                    <DateTime at={subscriber.createdAt} style="date" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    </DashboardPanel>
  );
}
