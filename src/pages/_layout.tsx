import '../styles.css';

import type { ReactNode } from 'react';
import { BrandTheme } from '../components/layout/brand-theme.tsx';
import { HydrationMark } from '../components/layout/hydration-mark.tsx';
import { PageViewReporter } from '../components/layout/page-view-reporter.tsx';
import { ScrollToHash } from '../components/layout/scroll-to-hash.tsx';
import { siteConfig } from '../config/site.ts';

/** Every page: the stylesheet and the coach's brand, hash scrolling and the optional analytics; the public and admin areas add their own chrome. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { analytics } = siteConfig();
  return (
    <>
      <BrandTheme />
      {children}
      <ScrollToHash />
      <HydrationMark />
      {analytics.endpoint && analytics.domain && <PageViewReporter endpoint={analytics.endpoint} domain={analytics.domain} />}
    </>
  );
}

// Dynamic: configuration from the environment is read when the page is served, not at build time.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
