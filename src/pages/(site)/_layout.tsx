import type { ReactNode } from 'react';
import { currentSettings } from '#server/services/settings.ts';
import { PageViewBeacon } from '#src/components/layout/page-view-beacon.tsx';
import { PublicShell } from '#src/components/layout/public-shell.tsx';
import { siteConfig } from '#src/config/site.ts';

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { newsletterEnabled, siteName } = await currentSettings();
  return (
    <PublicShell newsletter={newsletterEnabled}>
      {/* Every public page names the feed (hoisted into <head>), so a reader finds it from any page. */}
      <link rel="alternate" type="application/rss+xml" title={siteName} href={new URL('/rss.xml', siteConfig().url).toString()} />
      {children}
      <PageViewBeacon />
    </PublicShell>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
