import { contrastRatio, hexToOklch, oklchToHex, ratioInWords } from './colour.ts';

// The coach's two brand colours (Settings → Brand, issue 31 §5): each becomes a whole theme scale,
// and a colour is refused when the text the theme draws with it would not reach WCAG AA.
//
// The scale keeps the chosen colour's hue and chroma and steps its lightness in OKLCH, following
// the shape of the theme's own scale: the chosen primary stands at 800 and the accent at 400 (the
// buttons' steps); lighter steps keep the theme's spacing between it and white, darker ones
// between it and black. Where a derived step that carries text would fall short of 4.5:1 against
// what it is drawn on, it is moved lighter or darker until it reaches it.

/** The shades of src/styles.css's @theme (tests/unit/brand-colours.test.ts holds them equal). */
export const THEME_PRIMARY = {
  50: '#f1f5fb',
  100: '#e1e9f5',
  200: '#c4d3ea',
  300: '#98b3d8',
  400: '#6488c0',
  500: '#4168a6',
  600: '#30518a',
  700: '#274170',
  800: '#1f3358',
  900: '#172642',
  950: '#0e182b',
} as const;
export const THEME_ACCENT = {
  50: '#fdf8ec',
  100: '#f9edcc',
  200: '#f2d894',
  300: '#e9bf5b',
  400: '#dea838',
  500: '#c98d22',
  600: '#a86d1a',
  700: '#86511a',
  800: '#6d421b',
  900: '#5b371a',
} as const;
/** The page background (`--color-canvas`) and the cards' (`--color-surface`). */
export const THEME_CANVAS = '#f7f7f4';
const WHITE = '#ffffff';
const BLACK = '#000000';

export type PrimaryStep = keyof typeof THEME_PRIMARY;
export type AccentStep = keyof typeof THEME_ACCENT;
type Scale<Step extends number> = Record<Step, string>;
export interface BrandPalette {
  primary: Scale<PrimaryStep>;
  accent: Scale<AccentStep>;
}

/** Where each chosen colour stands in its scale: the primary buttons' and the accent buttons' step. */
export const PRIMARY_ANCHOR = 800;
export const ACCENT_ANCHOR = 400;
/** A fresh site's colours: the theme as it is. */
export const DEFAULT_PRIMARY = THEME_PRIMARY[PRIMARY_ANCHOR];
export const DEFAULT_ACCENT = THEME_ACCENT[ACCENT_ANCHOR];

/** WCAG 2.x AA for body text (1.4.3). */
export const AA_TEXT = 4.5;
/** WCAG 2.x AA for icons and other graphics (1.4.11). */
const AA_GRAPHICS = 3;

/** A shade the rules name: a step of a scale, or a fixed background. */
type Shade = `primary-${PrimaryStep}` | `accent-${AccentStep}` | 'white' | 'canvas';

interface ContrastRule {
  text: Shade;
  on: Shade;
  min: number;
  /** The derived step moved (away from the other shade) while the pair falls short. */
  move: Shade;
}

const rule = (text: Shade, on: Shade, move: Shade, min = AA_TEXT): ContrastRule => ({ text, on, min, move });
const each = <T, R>(items: readonly T[], make: (item: T) => R[]) => items.flatMap(make);

// Every pair the theme draws text (or an icon) in, from the classes the pages use.
const PRIMARY_RULES: ContrastRule[] = [
  // Headings, body links and labels on the page, the cards and the pale panels.
  ...each([700, 900, 950] as const, (step) => [
    rule(`primary-${step}`, 'white', `primary-${step}`),
    rule(`primary-${step}`, 'canvas', `primary-${step}`),
  ]),
  ...each([700, 800, 900, 950] as const, (step) =>
    each([50, 100] as const, (pale) => [rule(`primary-${step}`, `primary-${pale}`, `primary-${pale}`)]),
  ),
  // White text on the dark bands, the tooltips and the buttons' hover.
  ...each([700, 900, 950] as const, (step) => [rule('white', `primary-${step}`, `primary-${step}`)]),
  // The footer's, the hero's and the admin header's pale text on the dark bands.
  ...each([50, 100, 200] as const, (pale) =>
    each([800, 900, 950] as const, (dark) => [rule(`primary-${pale}`, `primary-${dark}`, `primary-${pale}`)]),
  ),
];

const ACCENT_RULES: ContrastRule[] = [
  // Eyebrows and headings in the hero and the footer; the generated mark's mountain.
  ...each([200, 300] as const, (step) =>
    each([900, 950] as const, (dark) => [rule(`accent-${step}`, `primary-${dark}`, `accent-${step}`)]),
  ),
  rule('accent-300', 'primary-800', 'accent-300', AA_GRAPHICS),
  // The accent buttons' hover, under the darkest primary text.
  rule('primary-950', 'accent-300', 'accent-300'),
  // Eyebrows on the page; badges and notes on the pale accent.
  rule('accent-700', 'white', 'accent-700'),
  rule('accent-700', 'canvas', 'accent-700'),
  rule('accent-800', 'accent-50', 'accent-800'),
  rule('accent-800', 'accent-100', 'accent-800'),
  rule('accent-900', 'accent-50', 'accent-900'),
];

interface Working {
  scales: { primary: Record<number, string>; accent: Record<number, string> };
  anchors: { primary: number; accent: number };
}

const shadeOf = (work: Working, shade: Shade): string => {
  if (shade === 'white') return WHITE;
  if (shade === 'canvas') return THEME_CANVAS;
  const [scale, step] = shade.split('-') as ['primary' | 'accent', string];
  return work.scales[scale][Number(step)]!;
};

/** The chosen colour at its anchor, the other steps in the theme's shape around it. */
function deriveScale(chosen: string, theme: Record<number, string>, anchor: number): Record<number, string> {
  const picked = hexToOklch(chosen);
  const base = hexToOklch(theme[anchor]!);
  const chroma = base.c > 0.005 ? picked.c / base.c : 1;
  return Object.fromEntries(
    Object.entries(theme).map(([step, hex]) => {
      if (Number(step) === anchor) return [step, chosen];
      const shade = hexToOklch(hex);
      const l = shade.l >= base.l ? 1 - ((1 - shade.l) * (1 - picked.l)) / (1 - base.l) : (shade.l * picked.l) / base.l;
      return [step, oklchToHex({ l, c: shade.c * chroma, h: picked.h + shade.h - base.h })];
    }),
  );
}

const passes = (work: Working, { text, on, min }: ContrastRule) => contrastRatio(shadeOf(work, text), shadeOf(work, on)) >= min;

/**
 * Moves a rule's step lighter or darker, on its own side of the anchor, until the pair reaches its
 * ratio. A step that runs out of room becomes white or black at the far end, or the anchor's own
 * colour (which the refusals checked against the page) on the anchor's side.
 */
function enforce(work: Working, contrast: ContrastRule) {
  const [scale, stepText] = contrast.move.split('-') as ['primary' | 'accent', string];
  const step = Number(stepText);
  const steps = work.scales[scale];
  const anchorStep = work.anchors[scale];
  const anchor = hexToOklch(steps[anchorStep]!);
  const colour = hexToOklch(steps[step]!);
  const other = shadeOf(work, contrast.move === contrast.text ? contrast.on : contrast.text);
  const lighter = colour.l > hexToOklch(other).l;
  const lightSide = step < anchorStep;
  const [low, high] = lightSide ? [anchor.l, 1] : [0, anchor.l];
  for (let l = colour.l; !passes(work, contrast); ) {
    l += lighter ? 0.01 : -0.01;
    if (l < low || l > high) {
      steps[step] = lighter !== lightSide ? steps[anchorStep]! : lighter ? WHITE : BLACK;
      return;
    }
    steps[step] = oklchToHex({ ...colour, l });
  }
}

/** Keeps each scale ordered from light to dark after steps were moved. */
function keepOrder(steps: Record<number, string>, anchor: number) {
  const order = Object.keys(steps)
    .map(Number)
    .sort((a, b) => a - b);
  const at = order.indexOf(anchor);
  const lightness = (step: number) => hexToOklch(steps[step]!).l;
  for (let i = at - 1; i >= 0; i--) if (lightness(order[i]!) < lightness(order[i + 1]!)) steps[order[i]!] = steps[order[i + 1]!]!;
  for (let i = at + 1; i < order.length; i++) if (lightness(order[i]!) > lightness(order[i - 1]!)) steps[order[i]!] = steps[order[i - 1]!]!;
}

// Every page renders with the same two colours: the last palette is kept.
let last: { primary: string; accent: string; palette: BrandPalette } | undefined;

/** Both scales of a brand: the theme's own for the default colours, else derived and checked as above. */
export function brandPalette(primary: string, accent: string): BrandPalette {
  if (last?.primary === primary && last.accent === accent) return last.palette;
  const work: Working = {
    scales: {
      primary: primary === DEFAULT_PRIMARY ? { ...THEME_PRIMARY } : deriveScale(primary, THEME_PRIMARY, PRIMARY_ANCHOR),
      accent: accent === DEFAULT_ACCENT ? { ...THEME_ACCENT } : deriveScale(accent, THEME_ACCENT, ACCENT_ANCHOR),
    },
    anchors: { primary: PRIMARY_ANCHOR, accent: ACCENT_ANCHOR },
  };
  for (const [scale, rules] of [
    ['primary', PRIMARY_RULES],
    ['accent', ACCENT_RULES],
  ] as const) {
    for (let round = 0; round < 3; round++) {
      for (const contrast of rules) if (!passes(work, contrast)) enforce(work, contrast);
      keepOrder(work.scales[scale], work.anchors[scale]);
    }
  }
  last = { primary, accent, palette: work.scales as BrandPalette };
  return last.palette;
}

const overrides = (scale: 'primary' | 'accent', shades: Record<number, string>, theme: Record<number, string>) =>
  Object.entries(shades)
    .filter(([step, hex]) => theme[Number(step)] !== hex)
    .map(([step, hex]) => `--color-${scale}-${step}:${hex}`);

/**
 * The theme's colour variables (src/styles.css @theme) that a brand changes, as one `:root` rule
 * for the page's <style>; empty while every shade is the theme's own.
 */
export function brandThemeCss(primary: string, accent: string): string {
  const palette = brandPalette(primary, accent);
  const changed = [...overrides('primary', palette.primary, THEME_PRIMARY), ...overrides('accent', palette.accent, THEME_ACCENT)];
  return changed.length > 0 ? `:root{${changed.join(';')}}` : '';
}

/** The pairs of a palette that still fall short (none, for any colours the refusals let through). */
export function paletteShortfalls(palette: BrandPalette): string[] {
  const work: Working = { scales: palette, anchors: { primary: PRIMARY_ANCHOR, accent: ACCENT_ANCHOR } };
  return [...PRIMARY_RULES, ...ACCENT_RULES].filter((contrast) => !passes(work, contrast)).map(({ text, on }) => `${text} on ${on}`);
}

const shortOf = (ratio: number) => `has a contrast of ${ratioInWords(ratio)}; it needs at least ${AA_TEXT}:1`;

/** Why a primary colour is refused: white text on its buttons, or it as text on the page, below AA. */
export function primaryProblem(primary: string): string | undefined {
  const onButton = contrastRatio(WHITE, primary);
  if (onButton < AA_TEXT) return `Primary colour is too light: white text on it ${shortOf(onButton)}`;
  const asText = contrastRatio(primary, THEME_CANVAS);
  if (asText < AA_TEXT) return `Primary colour is too light: as text on the page background it ${shortOf(asText)}`;
  return undefined;
}

/**
 * Why an accent colour is refused beside a primary: the darkest primary text (derived from the
 * primary) on the accent buttons below AA. The message speaks of the colour being changed.
 */
export function accentProblem(accent: string, primary: string, changing: 'accent' | 'primary' = 'accent'): string | undefined {
  const onButton = contrastRatio(brandPalette(primary, accent).primary[950], accent);
  if (onButton >= AA_TEXT) return undefined;
  return changing === 'accent'
    ? `Accent colour is too dark: the dark text on its buttons ${shortOf(onButton)}`
    : `Primary colour does not suit the accent colour: the dark text on the accent buttons ${shortOf(onButton)}`;
}
