'use client';

import { UserSearch } from 'lucide';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { ErasureRequest } from '#src/schemas/portal.ts';
import { DateTime } from '../kit/time-zone.tsx';
import { fetchErasureRequests } from './api.ts';

/**
 * Clients who asked in their portal for erasure (issue 36 §4): each opens in the lookup below, where
 * the coach erases. Read again after every erasure (`version`), so a done request leaves the list.
 */
export function ErasureRequests({
  initial,
  version,
  onLookUp,
}: {
  initial: ErasureRequest[];
  version: number;
  onLookUp: (email: string) => void;
}) {
  const [requests, setRequests] = useState(initial);
  useEffect(() => {
    if (version > 0) fetchErasureRequests().then(setRequests, () => undefined);
  }, [version]);
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="erasure-requests-heading" className="rounded-card border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-6">
      <h2 id="erasure-requests-heading" className="text-lg font-semibold">
        Asked for erasure in the client portal
      </h2>
      <ul className="mt-3 divide-y divide-amber-200">
        {requests.map((request) => (
          <li key={request.clientId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p className="font-semibold text-ink">
                {request.name} <span className="font-normal text-muted">({request.email})</span>
              </p>
              <p className="text-sm text-muted">
                Asked <DateTime at={request.requestedAt} />
              </p>
            </div>
            <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => onLookUp(request.email)}>
              <Icon shapes={UserSearch} aria-hidden="true" className="size-4" /> Look up<span className="sr-only"> {request.email}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
