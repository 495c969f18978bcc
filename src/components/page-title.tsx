import { currentSettings } from '#server/services/settings.ts';

/** The document title of a page that needs no other meta tags: '{title} | {site name}'. */
export async function PageTitle({ title }: { title: string }) {
  const { siteName } = await currentSettings();
  return <title>{`${title} | ${siteName}`}</title>;
}
