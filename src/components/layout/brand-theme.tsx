import { currentSettings } from '#server/services/settings.ts';
import { brandThemeCss } from '#src/schemas/brand.ts';

/**
 * Every page's brand (Settings → Brand): the favicon, and the colours where they differ from the
 * theme's. Both are hoisted into <head>; an unlayered `:root` rule wins over Tailwind's theme layer.
 */
export async function BrandTheme() {
  const { brandPrimary, brandAccent, brandFavicon } = await currentSettings();
  const css = brandThemeCss(brandPrimary, brandAccent);
  return (
    <>
      {brandFavicon ? <link rel="icon" href={brandFavicon} /> : <link rel="icon" type="image/svg+xml" href="/favicon.svg" />}
      {css && (
        <style href="brand-theme" precedence="brand">
          {css}
        </style>
      )}
    </>
  );
}
