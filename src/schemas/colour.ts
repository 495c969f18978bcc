// Colour arithmetic for the brand (src/schemas/brand.ts): WCAG 2.x contrast, and OKLCH, the space
// in which a colour's lightness can be stepped while it keeps its hue. Written here rather than
// taken from a colour library: it is fifty lines, and validation schemas import only zod.

/** A colour as the settings store it: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

/** sRGB channels 0–1 of a `#rrggbb` colour. */
const channels = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as Rgb;

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((value) =>
      Math.round(Math.min(1, Math.max(0, value)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG 2.x relative luminance (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as a coach reads it: '4.4:1', rounded down, so a ratio just short of 4.5 never reads as 4.5. */
export const ratioInWords = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

// OKLab (Björn Ottosson, https://bottosson.github.io/posts/oklab/): linear sRGB ⇄ LMS ⇄ Lab.
const toLinear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
const toGamma = (value: number) => (value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055);

export interface Oklch {
  /** Lightness, 0–1. */
  l: number;
  /** Chroma, 0 to about 0.37 inside sRGB. */
  c: number;
  /** Hue in degrees. */
  h: number;
}

export function hexToOklch(hex: string): Oklch {
  const [r, g, b] = channels(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return {
    l: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    c: Math.hypot(A, B),
    h: ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360,
  };
}

/** Linear sRGB of an OKLCH colour, possibly outside 0–1 (outside the sRGB gamut). */
function oklchToLinear({ l, c, h }: Oklch): Rgb {
  const A = c * Math.cos((h * Math.PI) / 180);
  const B = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m_ = (l - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s_ = (l - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((value) => value >= -1e-6 && value <= 1 + 1e-6);

/** The `#rrggbb` nearest an OKLCH colour: outside sRGB its chroma is reduced (hue and lightness kept). */
export function oklchToHex(colour: Oklch): string {
  const l = Math.min(1, Math.max(0, colour.l));
  let fits = { ...colour, l, c: 0 };
  if (inGamut(oklchToLinear({ ...colour, l }))) fits = { ...colour, l };
  else {
    let [low, high] = [0, colour.c];
    for (let step = 0; step < 24; step++) {
      const c = (low + high) / 2;
      if (inGamut(oklchToLinear({ ...colour, l, c }))) [low, fits] = [c, { ...colour, l, c }];
      else high = c;
    }
  }
  return toHex(oklchToLinear(fits).map(toGamma) as Rgb);
}
