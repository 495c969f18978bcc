import type { ReactNode } from 'react';
import { PageTitle } from '#src/components/page-title.tsx';

/** An admin screen's document title, its h1 and the line under it. */
export function ScreenHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <h1 className="text-3xl font-semibold">{title}</h1>
      {intro && <p className="mt-1 text-muted">{intro}</p>}
    </>
  );
}
