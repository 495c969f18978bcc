import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The visitor-facing chrome (docs/product.md §2 "Shared layout"): sticky header, main area, footer. */
export function PublicShell({ children, newsletter = false }: { children: ReactNode; newsletter?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter newsletter={newsletter} />
    </div>
  );
}
