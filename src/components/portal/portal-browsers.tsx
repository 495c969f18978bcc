'use client';

import { useEffect, useState } from 'react';
import { call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import { formatDate } from '#src/lib/format-date.ts';
import type { PortalBrowser } from '#src/schemas/portal.ts';
import { browserTimeZone } from '../booking/slot-times.ts';
import { Button } from '../ui/button.tsx';
import { Bone } from '../ui/skeleton.tsx';

/** "Signed-in browsers": where the client is signed in, each with its own Sign out. */
export function PortalBrowsers({ onSignedOut }: { onSignedOut: () => void }) {
  const [browsers, setBrowsers] = useState<PortalBrowser[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [timeZone, setTimeZone] = useState('UTC');

  useEffect(() => {
    setTimeZone(browserTimeZone());
    call(portalApi.me.browsers.$get())
      .then(setBrowsers)
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, []);

  async function end(browser: PortalBrowser) {
    setFailure(null);
    try {
      await call(portalApi.me.browsers[':handle'].$delete({ param: { handle: browser.id } }));
      if (browser.current) onSignedOut();
      else setBrowsers((list) => list?.filter((other) => other.id !== browser.id) ?? null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="browsers-heading" className="space-y-4">
      <h2 id="browsers-heading" className="text-2xl font-semibold">
        Signed-in browsers
      </h2>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-sm">
        {browsers === null ? (
          <li aria-hidden="true" className="flex items-center justify-between gap-4 p-4">
            <Bone className="h-5 w-48" />
            <Bone className="h-9 w-24" />
          </li>
        ) : (
          browsers.map((browser) => (
            <li key={browser.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-ink">
                  {browser.browser} on {browser.os}
                  {browser.current && <span className="ml-2 text-sm font-normal text-primary-800">(this browser)</span>}
                </p>
                <p className="text-sm text-muted">Last active {formatDate(browser.lastActiveAt, timeZone)}</p>
              </div>
              <Button variant="outline" size="sm" onClick={() => void end(browser)}>
                Sign out
              </Button>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
