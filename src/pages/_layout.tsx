import '../styles.css';

import type { ReactNode } from 'react';
import { PageViewReporter } from '../components/layout/page-view-reporter.tsx';
import { ScrollToHash } from '../components/layout/scroll-to-hash.tsx';
import { Providers } from '../components/ui/providers.tsx';
import { siteConfig } from '../config/site.ts';

/** Client state, toasts and tooltips for every page; the public and admin areas add their own chrome. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { analytics } = siteConfig();
  return (
    <Providers>
      {children}
      <ScrollToHash />
      {analytics.endpoint && analytics.domain && <PageViewReporter endpoint={analytics.endpoint} domain={analytics.domain} />}
    </Providers>
  );
}

// Dynamic: configuration from the environment is read when the page is served, not at build time.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
