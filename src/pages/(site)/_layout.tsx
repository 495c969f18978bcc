import type { ReactNode } from 'react';
import { unstable_getContext } from 'waku/server';
import { currentSettings } from '#server/services/settings.ts';
import { PageViewBeacon } from '#src/components/layout/page-view-beacon.tsx';
import { PublicShell } from '#src/components/layout/public-shell.tsx';
import { siteConfig } from '#src/config/site.ts';
import { requestedPage } from '#src/lib/safe-next.ts';

/** A post's own page (/blog/some-slug), which ends with its own newsletter signup. */
const POST_PAGE = /^\/blog\/[^/?]+/;

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { newsletterEnabled, siteName } = await currentSettings();
  // One signup per page (issue 32 §6): a post's, right after the reader finished it, rather than the footer's as well.
  const onPost = POST_PAGE.test(requestedPage(new URL(unstable_getContext().req.url)));
  return (
    <PublicShell newsletter={newsletterEnabled && !onPost}>
      {/* Every public page names the feed (hoisted into <head>), so a reader finds it from any page. */}
      <link rel="alternate" type="application/rss+xml" title={siteName} href={new URL('/rss.xml', siteConfig().url).toString()} />
      {children}
      <PageViewBeacon />
    </PublicShell>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
