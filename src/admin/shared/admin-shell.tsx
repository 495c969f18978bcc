import { ExternalLink, UserRound } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { currentSettings } from '#server/services/settings.ts';
import { BrandMark } from '#src/components/layout/brand-mark.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { AdminNav, type AdminNavItem } from './admin-nav.tsx';

export const ADMIN_NAV: AdminNavItem[] = [
  { label: 'Dashboard', href: '/admin' },
  { label: 'Posts', href: '/admin/posts' },
  { label: 'Pages', href: '/admin/pages' },
  { label: 'Schedule', href: '/admin/schedule' },
  { label: 'Booking', href: '/admin/booking' },
  { label: 'Backlog', href: '/admin/blog-backlog' },
  { label: 'Testimonials', href: '/admin/testimonials' },
  { label: 'Media', href: '/admin/media' },
  { label: 'Messages', href: '/admin/contact-messages' },
  { label: 'Newsletters', href: '/admin/newsletters' },
  { label: 'Outbox', href: '/admin/outbox' },
  { label: 'Analytics', href: '/admin/analytics' },
  { label: 'Tests', href: '/admin/test-results' },
  { label: 'Users', href: '/admin/users' },
  { label: 'Privacy', href: '/admin/privacy' },
  { label: 'Settings', href: '/admin/settings' },
];

/** Screens only the owner has: the audit log. */
export const OWNER_NAV: AdminNavItem[] = [{ label: 'Audit log', href: '/admin/audit' }];

/** The admin chrome: brand, section nav, the signed-in e-mail with a link to its account page, and Logout. Admin pages are noindex. */
export async function AdminShell({ email, isOwner = false, children }: { email: string; isOwner?: boolean; children: ReactNode }) {
  const { siteName, brandLogo } = await currentSettings();
  return (
    <div className="flex min-h-screen flex-col">
      <meta name="robots" content="noindex, nofollow" />
      <header className="bg-primary-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2.5 rounded-control">
            <BrandMark small logo={brandLogo} />
            <span className="font-display text-base font-semibold">{siteName}</span>
            <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-primary-950">Admin</span>
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-primary-200 sm:inline">{email}</span>
            {/* Each signed-in person's own page: two-factor sign-in and sessions. */}
            <Link to="/admin/account" className="inline-flex items-center gap-1 rounded-sm text-primary-100 hover:text-white">
              <Icon shapes={UserRound} aria-hidden="true" className="size-3.5" /> Account
            </Link>
            <a href="/" className="inline-flex items-center gap-1 rounded-sm text-primary-100 hover:text-white">
              View site <Icon shapes={ExternalLink} aria-hidden="true" className="size-3.5" />
            </a>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <AdminNav items={isOwner ? [...ADMIN_NAV, ...OWNER_NAV] : ADMIN_NAV} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
