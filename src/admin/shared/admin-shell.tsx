import { ExternalLink, UserRound } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { currentSettings } from '#server/services/settings.ts';
import { BrandMark } from '#src/components/layout/brand-mark.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { adminMenu } from './admin-menu.ts';
import { AdminMenuDrawer, AdminSidebarNav } from './admin-nav.tsx';

const barLink =
  'inline-flex items-center gap-1.5 rounded-control px-2 py-2 text-primary-100 hover:text-white lg:text-muted lg:hover:text-primary-900';

/**
 * The admin chrome: the grouped menu (a sidebar from `lg` up, a drawer below), the signed-in
 * e-mail with a link to its account page, and View site. The sidebar is fixed and 15rem wide, so
 * the page scrolls on its own and a screen's sticky toolbar sticks to the top of the window.
 * Admin pages are noindex.
 */
export async function AdminShell({ email, isOwner = false, children }: { email: string; isOwner?: boolean; children: ReactNode }) {
  const { siteName, brandLogo, developerTools } = await currentSettings();
  const menu = adminMenu({ isOwner, developerTools });
  return (
    <div className="flex min-h-screen flex-col lg:pl-60">
      <meta name="robots" content="noindex, nofollow" />
      <header>
        <div className="hidden bg-primary-950 text-white lg:fixed lg:inset-y-0 lg:left-0 lg:z-30 lg:flex lg:w-60 lg:flex-col">
          <div className="flex min-h-16 shrink-0 items-center px-5 py-3">
            <Link to="/admin" className="flex min-w-0 items-center gap-2.5 rounded-control">
              <BrandMark small logo={brandLogo} />
              {/* The name wraps rather than hide behind an ellipsis in the sidebar's 15rem. */}
              <span className="min-w-0 font-display text-sm font-semibold leading-snug [overflow-wrap:anywhere]">
                {siteName}{' '}
                <span className="ml-0.5 inline-block rounded-full bg-accent-400 px-2 align-[0.0625rem] font-sans text-xs font-semibold leading-5 text-primary-950">
                  Admin
                </span>
              </span>
            </Link>
          </div>
          <AdminSidebarNav groups={menu} />
        </div>
        <div className="flex h-14 items-center gap-2 bg-primary-950 px-2 text-sm text-white sm:px-4 lg:h-16 lg:justify-end lg:border-b lg:border-line lg:bg-surface lg:px-8 lg:text-ink">
          <AdminMenuDrawer groups={menu} siteName={siteName} />
          <Link to="/admin" className="flex min-w-0 items-center gap-2 rounded-control lg:hidden">
            <BrandMark small logo={brandLogo} />
            <span className="truncate font-display text-base font-semibold">{siteName}</span>
            <span className="hidden rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-primary-950 sm:inline">Admin</span>
          </Link>
          <div className="ml-auto flex shrink-0 items-center gap-1 lg:gap-3">
            <span className="hidden pr-2 text-primary-200 md:inline lg:text-muted">{email}</span>
            {/* Each signed-in person's own page: two-factor sign-in and sessions. */}
            <Link to="/admin/account" className={barLink}>
              <Icon shapes={UserRound} aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Account</span>
            </Link>
            <a href="/" className={barLink}>
              <span className="max-sm:sr-only">View site</span>
              <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
