'use client';

import { ShieldAlert } from 'lucide';
import { useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import type { AccountOverview } from '#src/schemas/account.ts';
import { SwitchField } from '../kit/fields.tsx';
import { FormSection } from '../kit/form-section.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { fetchAccount, setRequireTwoFactor } from './api.ts';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** /admin/account: the signed-in person's two-factor sign-in and sessions, and (for the owner) the rule for every admin. */
export function AccountAdmin({ initial, siteName }: { initial: AccountOverview; siteName: string }) {
  const { data, refetching, refetch } = useServerData(initial, fetchAccount, { title: 'Failed to load your account' });
  const setupOwed = data.requireTwoFactor && !data.twoFactor.enabled;

  return (
    <div className="mt-6 space-y-6">
      {setupOwed && (
        <div role="status" className="flex gap-3 rounded-card border border-accent-300 bg-accent-50 p-4 text-sm sm:p-5">
          <Icon shapes={ShieldAlert} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-800" />
          <p className="text-ink">
            <span className="font-semibold text-primary-950">Set up two-factor sign-in to continue.</span> The owner requires it for every
            admin; the rest of the admin opens once it is on.
          </p>
        </div>
      )}
      <TwoFactorCard status={data.twoFactor} required={data.requireTwoFactor} siteName={siteName} onChanged={refetch} />
      <SessionsCard sessions={data.sessions} refreshing={refetching} onChanged={refetch} />
      {data.isOwner && <RequireTwoFactorSection required={data.requireTwoFactor} ownEnabled={data.twoFactor.enabled} onChanged={refetch} />}
    </div>
  );
}

/** The owner's switch: every admin signs in with two factors. */
function RequireTwoFactorSection({ required, ownEnabled, onChanged }: { required: boolean; ownEnabled: boolean; onChanged: () => void }) {
  const [on, setOn] = useState(required);
  const { busy, run } = useAction();

  async function toggle(next: boolean) {
    setOn(next);
    const done = await run(
      () => setRequireTwoFactor(next),
      {
        success: { title: next ? 'Two-factor sign-in is required' : 'Two-factor sign-in is optional' },
        failureTitle: 'Failed to change the rule',
      },
      { stay: true },
    );
    if (done === FAILED) setOn(!next);
    else onChanged();
  }

  return (
    <FormSection id="every-admin" title="Every admin" intro="Only you, the owner, see this." layout="mt-5 space-y-4">
      <SwitchField
        id="require-two-factor"
        label="Require two-factor sign-in for every admin"
        hint={
          ownEnabled || on
            ? 'An admin without it is sent to their account page to set it up before anything else in the admin.'
            : 'Turn on two-factor sign-in for your own account first.'
        }
        checked={on}
        disabled={busy || (!ownEnabled && !on)}
        onChange={toggle}
      />
    </FormSection>
  );
}
