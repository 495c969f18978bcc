import type { ReactNode } from 'react';
import { unstable_redirect } from 'waku/router/server';
import { unstable_getContext } from 'waku/server';
import { currentSettings } from '#server/services/settings.ts';
import { AdminTimeZone } from '#src/admin/kit/time-zone.tsx';
import { AccessDenied } from '#src/admin/shared/access-denied.tsx';
import { AdminShell } from '#src/admin/shared/admin-shell.tsx';
import { adminAccess } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { loginPathFor, requestedPage } from '#src/lib/safe-next.ts';

const ACCOUNT_PAGE = '/admin/account';

/**
 * The admin guard, on the server: decided before anything renders, for full page
 * loads and for the RSC requests of client navigation alike. Pages inside also check, so they
 * never fetch admin data for anyone else.
 */
export default async function ProtectedAdminLayout({ children }: { children: ReactNode }) {
  const access = await adminAccess();
  const page = requestedPage(new URL(unstable_getContext().req.url));
  // Signed out: to the sign-in page, which goes on to the page asked for once signed in.
  if (access.state === 'signed-out') unstable_redirect(loginPathFor(page), 303);
  if (access.state !== 'admin') {
    setPageStatus(403);
    return <AccessDenied />;
  }
  // The owner requires two factors and this admin has none: the account page first (docs/security.md#two-factor-sign-in).
  if (access.mustSetUpTwoFactor && page.split('?')[0] !== ACCOUNT_PAGE) unstable_redirect(ACCOUNT_PAGE, 303);
  // Every date and time on the admin's screens, in the server's render and the browser's alike, is in the coach's zone (issue 32 §1).
  const { timeZone } = await currentSettings();
  return (
    <AdminTimeZone timeZone={timeZone}>
      <AdminShell email={access.user.email} isOwner={access.user.isOwner}>
        {children}
      </AdminShell>
    </AdminTimeZone>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
