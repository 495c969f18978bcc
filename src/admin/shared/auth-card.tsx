import { Mountain } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { currentSettings } from '#server/services/settings.ts';
import { IconTile } from '#src/components/ui/icon-tile.tsx';

/** The frame of the signed-out admin pages: the brand, then one card with a heading. */
export async function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { siteName: name } = await currentSettings();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-canvas px-4 py-12">
      <title>{`${title} | ${name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="w-full max-w-md">
        <Link to="/" className="mx-auto flex w-fit items-center gap-2.5 rounded-control">
          <IconTile icon={Mountain} tone="dark" size="sm" />
          <span className="font-display text-lg font-semibold text-primary-950">{name}</span>
        </Link>
        <div className="mt-8 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-2 text-sm text-muted">{intro}</p>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
