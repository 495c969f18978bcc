// Generated blog covers (docs/decisions.md: "Uploads and covers"). One composition, derived from a
// hash of title and category, drawn as SVG with the category and title; the PNG for og:image
// (social networks don't render SVG) is that SVG rasterised by resvg.
// Everything here is pure so the same post always yields the same bytes and can be cached forever.
// The art is cover-composition.ts, its SVG cover-svg.ts; here the key, the whole SVG and the PNG.
import { fileURLToPath } from 'node:url';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { Resvg } from '@resvg/resvg-js';
import { escapeXml } from '../feeds/xml.ts';
import { compose, HEIGHT, WIDTH } from './cover-composition.ts';
import { artSvg, textSvg } from './cover-svg.ts';

export interface CoverInput {
  title: string;
  category: string | null;
}

// Bump when the drawing changes: it is hashed into coverKey, so every cached cover URL moves on.
const ART_VERSION = 'cover-art/2';

/** Collapses whitespace and drops characters XML 1.0 forbids, which would break the SVG. */
const clean = (text: string): string =>
  text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();

const normalize = ({ title, category }: CoverInput) => ({ title: clean(title), category: clean(category ?? '') });

const digest = (input: CoverInput): Uint8Array => {
  const { title, category } = normalize(input);
  return sha256(new TextEncoder().encode(`${ART_VERSION}\u0000${category}\u0000${title}`));
};

/** A short, stable hex version of a cover, for cache-busting URLs (`cover.png?v=…`). */
export const coverKey = (input: CoverInput): string => encodeHexLowerCase(digest(input)).slice(0, 16);

/** The cover as a 1200×630 SVG: the composition plus category label and title, all text escaped. */
export const coverSvg = (input: CoverInput): string => {
  const { title, category } = normalize(input);
  const accessibleName = [category, title].filter(Boolean).join(': ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(accessibleName)}">`,
    `<title>${escapeXml(accessibleName)}</title>`,
    ...artSvg(compose(digest(input))),
    ...(title === '' && category === '' ? [] : textSvg(title, category)),
    '</svg>',
    '',
  ].join('\n');
};

// ---------------------------------------------------------------------------------------------
// Raster: the same SVG, rendered by resvg with the fonts shipped in node_modules (never the
// machine's), so every instance on every machine draws the same pixels.

const FONT_FILES = [
  '@expo-google-fonts/source-serif-4/400Regular/SourceSerif4_400Regular.ttf',
  '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
].map((file) => fileURLToPath(import.meta.resolve(file)));

/** An SVG as PNG, its text set in the shipped fonts. */
export const svgToPng = (svg: string): Uint8Array =>
  new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' } }).render().asPng();

/** The cover as a 1200×630 PNG with its title: what og:image points at. */
export const coverPng = (input: CoverInput): Uint8Array => svgToPng(coverSvg(input));
