import { visibleWith } from '#server/services/booking/bookable.ts';
import { bookingIsOn } from '#server/services/booking/calls.ts';
import { sessionTypeBySlug } from '#server/services/session-types.ts';
import { currentSettings } from '#server/services/settings.ts';
import { BookSession } from '#src/components/booking/book-session.tsx';
import { SiteNotFound } from '#src/components/site-not-found.tsx';
import { setPageStatus } from '#src/lib/page-status.ts';
import { pageQuery } from '#src/schemas/page-query.ts';

// /book/{slug}: one session type's booking page (a private one's only with its link's ?key=).
export default async function BookSessionPage({ slug, query }: { slug: string; query: string }) {
  const settings = await currentSettings();
  const path = `/book/${slug}`;
  const key = pageQuery(path, query).get('key') ?? undefined;
  const type = bookingIsOn(settings) ? await sessionTypeBySlug(slug) : undefined;
  if (!type || !visibleWith(type, key)) {
    setPageStatus(404);
    return <SiteNotFound />;
  }
  return <BookSession type={type} coachName={settings.coachName} currency={settings.currency} linkKey={key} path={path} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
