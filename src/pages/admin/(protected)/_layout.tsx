import type { ReactNode } from 'react';
import { unstable_redirect } from 'waku/router/server';
import { unstable_getContext } from 'waku/server';
import { AccessDenied } from '../../../admin/shared/access-denied.tsx';
import { AdminShell } from '../../../admin/shared/admin-shell.tsx';
import { adminAccess } from '../../../lib/admin-session.ts';
import { setPageStatus } from '../../../lib/page-status.ts';
import { loginPathFor, requestedPage } from '../../../lib/safe-next.ts';

/**
 * The admin guard, on the server: decided before anything renders, for full page
 * loads and for the RSC requests of client navigation alike. Pages inside also check, so they
 * never fetch admin data for anyone else.
 */
export default async function ProtectedAdminLayout({ children }: { children: ReactNode }) {
  const access = await adminAccess();
  // Signed out: to the sign-in page, which goes on to the page asked for once signed in.
  if (access.state === 'signed-out') unstable_redirect(loginPathFor(requestedPage(new URL(unstable_getContext().req.url))), 303);
  if (access.state !== 'admin') {
    setPageStatus(403);
    return <AccessDenied />;
  }
  return <AdminShell email={access.user.email}>{children}</AdminShell>;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
