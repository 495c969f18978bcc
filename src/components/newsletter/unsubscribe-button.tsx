'use client';

import { LinkAction, resubscribeWith, unsubscribeFrom } from './link-action.tsx';

/** Unsubscribe, then the way back with the same link: confirmed by email, as a signup is. */
export function UnsubscribeButton({ token }: { token: string }) {
  return (
    <LinkAction
      send={() => unsubscribeFrom(token)}
      label="Unsubscribe"
      busyLabel="Unsubscribing..."
      after={() => (
        <div>
          <p className="text-muted">Changed your mind? We will email you a link to confirm that you want it again.</p>
          <div className="mt-3">
            <LinkAction send={() => resubscribeWith(token)} label="Subscribe again" busyLabel="Sending the link..." />
          </div>
        </div>
      )}
    />
  );
}
