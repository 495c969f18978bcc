'use client';

import { LinkAction, resubscribeWith, unsubscribeFrom } from './link-action.tsx';

/** Unsubscribe, then the way back with the same link. */
export function UnsubscribeButton({ token }: { token: string }) {
  return (
    <LinkAction
      send={() => unsubscribeFrom(token)}
      label="Unsubscribe"
      busyLabel="Unsubscribing..."
      after={() => (
        <div>
          <p className="text-muted">Changed your mind?</p>
          <div className="mt-3">
            <LinkAction send={() => resubscribeWith(token)} label="Subscribe again" busyLabel="Subscribing..." />
          </div>
        </div>
      )}
    />
  );
}
