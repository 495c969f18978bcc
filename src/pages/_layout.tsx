import '../styles.css';

import type { ReactNode } from 'react';
import { PageViewReporter } from '../components/layout/page-view-reporter.tsx';
import { ScrollToHash } from '../components/layout/scroll-to-hash.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { Providers } from '../components/ui/providers.tsx';
import { siteConfig } from '../config/site.ts';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { analytics } = siteConfig();
  return (
    <Providers>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
      <ScrollToHash />
      {analytics.endpoint && analytics.domain && <PageViewReporter endpoint={analytics.endpoint} domain={analytics.domain} />}
    </Providers>
  );
}

// Dynamic: the site name and the footer's year are read when the page is served, not at build time.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
