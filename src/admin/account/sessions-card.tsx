'use client';

import { LogOut, Monitor, Smartphone } from 'lucide';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { AccountSession } from '#src/schemas/account.ts';
import { ListPanel } from '../kit/list-panel.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useAction } from '../kit/use-action.ts';
import { signOutOtherSessions, signOutSession } from './api.ts';

const When = ({ iso }: { iso: string }) => <DateTime at={iso} />;

const MOBILE = new Set(['iOS', 'Android']);

/** Every browser signed in to this account, this one first, each with 'Sign out'; and 'Sign out everywhere else'. */
export function SessionsCard({
  sessions,
  refreshing,
  onChanged,
}: {
  sessions: AccountSession[];
  refreshing: boolean;
  onChanged: () => void;
}) {
  const action = useAction();
  const others = sessions.filter((session) => !session.current).length;

  async function signOutOthers() {
    await action.run(
      signOutOtherSessions,
      {
        success: ({ ended }) => ({ title: 'Signed out everywhere else', description: `${plural(ended, 'other session')} ended.` }),
        failureTitle: 'Failed to sign out the other sessions',
      },
      { stay: true },
    );
    onChanged();
  }

  async function signOut(session: AccountSession) {
    await action.run(
      () => signOutSession(session.id),
      {
        success: { title: 'Session signed out', description: `${session.browser} on ${session.os} is signed out.` },
        failureTitle: 'Failed to sign out the session',
      },
      { stay: true },
    );
    onChanged();
  }

  return (
    <ListPanel
      name="sessions"
      title="Where you're signed in"
      count={plural(sessions.length, 'session')}
      refreshing={refreshing}
      className=""
      controls={
        <Button variant="outline" size="sm" onClick={signOutOthers} disabled={action.busy || others === 0} className="disabled:opacity-50">
          <Icon shapes={LogOut} aria-hidden="true" className="size-4" /> Sign out everywhere else
        </Button>
      }
    >
      <ul className="divide-y divide-line">
        {sessions.map((session) => {
          const icon = MOBILE.has(session.os) ? Smartphone : Monitor;
          const name = `${session.browser} on ${session.os}`;
          return (
            <li key={session.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-4 sm:px-6" aria-label={name}>
              <Icon shapes={icon} aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary-700 sm:mt-0 sm:self-center" />
              {/* Phones: the text fills the row beside the icon and Sign out goes beneath it, not squeezing it into a narrow column. */}
              <div className="min-w-0 flex-1 max-sm:basis-[calc(100%-2.5rem)]">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-primary-950">
                  {name}
                  {session.current && (
                    <Badge tone="success" className="px-2 py-0.5">
                      This browser
                    </Badge>
                  )}
                </p>
                <p className="text-sm text-muted">
                  <span className="block sm:inline">
                    Signed in <When iso={session.createdAt} />
                  </span>
                  <span aria-hidden="true" className="hidden sm:inline">
                    {' · '}
                  </span>
                  <span className="block sm:inline">
                    Last active <When iso={session.lastActiveAt} />
                  </span>
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => signOut(session)}
                  disabled={action.busy}
                  aria-label={`Sign out ${name}`}
                  className="max-sm:ml-10 sm:self-center"
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </ListPanel>
  );
}
