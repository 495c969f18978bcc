'use client';

import { confirmSubscription, LinkAction } from './link-action.tsx';

export function ConfirmButton({ token }: { token: string }) {
  return <LinkAction send={() => confirmSubscription(token)} label="Confirm subscription" busyLabel="Confirming..." />;
}
