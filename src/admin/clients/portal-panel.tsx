'use client';

import { Ban, KeyRound, Send } from 'lucide';
import { useState } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { PortalAccess } from '#src/schemas/portal.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useAction } from '../kit/use-action.ts';
import { sendPortalLink, setPortalAccess } from './api.ts';

// Admin → Clients → one client → Client portal (issue 36 §5): whether and when they used it, a
// sign-in link sent for them, and their access turned off (every signed-in browser ends at once).

export function PortalPanel({ clientId, initial }: { clientId: number; initial: PortalAccess }) {
  const [access, setAccess] = useState(initial);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const { busy, run } = useAction();

  const turnOn = () =>
    run(async () => setAccess(await setPortalAccess(clientId, true)), {
      success: { title: 'Portal access turned on' },
      failureTitle: 'Failed to turn portal access on',
    });
  const sendLink = () =>
    run(
      () => sendPortalLink(clientId),
      {
        success: (answer) => ({ title: 'Sign-in link sent', description: answer.message }),
        failureTitle: 'Failed to send the sign-in link',
      },
      { stay: true },
    );

  return (
    <section aria-labelledby="client-portal-heading" className="mt-6 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="client-portal-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            Client portal
            <Badge tone={access.disabled ? 'neutral' : 'success'} className="px-2 py-0.5">
              {access.disabled ? 'Turned off' : 'On'}
            </Badge>
          </h2>
          <p className="mt-2 text-sm text-muted" data-testid="client-portal-use">
            {access.lastSeenAt ? (
              <>
                Last used <DateTime at={access.lastSeenAt} /> · {plural(access.browsers, 'signed-in browser')}
              </>
            ) : (
              'Not used yet'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {access.disabled ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void turnOn()}>
              <Icon shapes={KeyRound} aria-hidden="true" className="size-4" /> Turn Portal On
            </Button>
          ) : (
            <>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => void sendLink()}>
                <Icon shapes={Send} aria-hidden="true" className="size-4" /> Send Sign-in Link
              </Button>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirmingOff(true)}>
                <Icon shapes={Ban} aria-hidden="true" className="size-4" /> Turn Portal Off
              </Button>
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmingOff}
        title="Turn off portal access?"
        description="The client is signed out of the portal in every browser at once, and cannot sign in until you turn it on again."
        confirmLabel="Turn Portal Off"
        busyLabel="Turning off..."
        icon={<Icon shapes={Ban} aria-hidden="true" className="size-4" />}
        failureTitle="Failed to turn portal access off"
        success={{ title: 'Portal access turned off' }}
        onCancel={() => setConfirmingOff(false)}
        action={() => setPortalAccess(clientId, false)}
        onDone={(next) => {
          setAccess(next);
          setConfirmingOff(false);
        }}
      />
    </section>
  );
}
