import { currentSettings } from '#server/services/settings.ts';
import { siteConfig } from '../config/site.ts';

export interface MetaProps {
  /** The page's own title; the site name is appended unless it is already the whole title. */
  title: string;
  /** Empty: the site's description (Settings). */
  description: string;
  /** Path of the page (e.g. `/blog`), made absolute against SITE_URL for canonical and og:url. */
  path: string;
  type?: 'website' | 'article';
  /** Absolute or site-relative URL of a raster image for social previews. */
  image?: string;
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter tags; Waku hoists them into <head>. */
export async function Meta({ title, description, path, type = 'website', image, noindex }: MetaProps) {
  const site = siteConfig();
  const { siteName, siteDescription } = await currentSettings();
  description ||= siteDescription;
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const url = new URL(path, site.url).toString();
  const imageUrl = image ? new URL(image, site.url).toString() : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
    </>
  );
}
