// The brand colours (issue 31 §5, src/schemas/brand.ts and colour.ts): WCAG 2.x contrast against
// the values WCAG's own examples give, the theme's scales as src/styles.css writes them, and the
// scales derived from a coach's colours, whose every text-carrying pair reaches AA.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  accentProblem,
  brandPalette,
  brandThemeCss,
  DEFAULT_ACCENT,
  DEFAULT_PRIMARY,
  paletteShortfalls,
  primaryProblem,
  THEME_ACCENT,
  THEME_CANVAS,
  THEME_PRIMARY,
} from '#src/schemas/brand.ts';
import { contrastRatio, hexToOklch, oklchToHex, ratioInWords, relativeLuminance } from '#src/schemas/colour.ts';

describe('WCAG 2.x contrast', () => {
  test('black on white is 21:1, a colour on itself 1:1, and the order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1f3358', '#1f3358')).toBe(1);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  test('#777 on white is just short of AA (4.48:1), #767676 just reaches it (4.54:1)', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  test('relative luminance: white 1, black 0, pure green 0.7152 (its coefficient)', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 10);
  });

  test('a ratio is said rounded down, so one short of 4.5 never reads as 4.5', () => {
    expect(ratioInWords(contrastRatio('#777777', '#ffffff'))).toBe('4.4:1');
    expect(ratioInWords(21)).toBe('21:1');
  });
});

describe('OKLCH', () => {
  test('every shade of the theme survives the round trip exactly', () => {
    for (const hex of [...Object.values(THEME_PRIMARY), ...Object.values(THEME_ACCENT), '#000000', '#ffffff', '#ff0000']) {
      expect(oklchToHex(hexToOklch(hex))).toBe(hex);
    }
  });

  test('white has lightness 1 and no chroma; a colour outside sRGB loses chroma, not lightness or hue', () => {
    expect(hexToOklch('#ffffff').l).toBeCloseTo(1, 6);
    expect(hexToOklch('#ffffff').c).toBeCloseTo(0, 6);
    const clipped = hexToOklch(oklchToHex({ l: 0.7, c: 0.4, h: 150 }));
    expect(clipped.l).toBeCloseTo(0.7, 2);
    expect(clipped.h).toBeCloseTo(150, 0);
    expect(clipped.c).toBeLessThan(0.4);
  });
});

describe('the theme', () => {
  test("the scales here are src/styles.css's @theme, shade for shade", () => {
    const css = readFileSync(path.resolve(import.meta.dir, '../../src/styles.css'), 'utf8');
    const declared = Object.fromEntries([...css.matchAll(/--color-([a-z]+(?:-\d+)?):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]));
    for (const [step, hex] of Object.entries(THEME_PRIMARY)) expect({ step, hex: declared[`primary-${step}`] }).toEqual({ step, hex });
    for (const [step, hex] of Object.entries(THEME_ACCENT)) expect({ step, hex: declared[`accent-${step}`] }).toEqual({ step, hex });
    expect(declared.canvas).toBe(THEME_CANVAS);
  });

  test('the default colours give the theme itself, every pair at AA, and no CSS at all', () => {
    expect(brandPalette(DEFAULT_PRIMARY, DEFAULT_ACCENT)).toEqual({ primary: THEME_PRIMARY, accent: THEME_ACCENT });
    expect(paletteShortfalls({ primary: THEME_PRIMARY, accent: THEME_ACCENT })).toEqual([]);
    expect(brandThemeCss(DEFAULT_PRIMARY, DEFAULT_ACCENT)).toBe('');
  });
});

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const lightness = (hex: string) => hexToOklch(hex).l;

describe('a derived scale', () => {
  test('stands the chosen colours at 800 and 400, goes from light to dark, and overrides only what changed', () => {
    const palette = brandPalette('#2d6a4f', '#f4a261');
    expect(palette.primary[800]).toBe('#2d6a4f');
    expect(palette.accent[400]).toBe('#f4a261');
    for (const scale of [palette.primary, palette.accent]) {
      const shades = Object.values(scale);
      for (let i = 1; i < shades.length; i++) expect(lightness(shades[i]!)).toBeLessThanOrEqual(lightness(shades[i - 1]!));
    }
    const css = brandThemeCss('#2d6a4f', DEFAULT_ACCENT);
    expect(css).toStartWith(':root{');
    expect(css).toContain('--color-primary-800:#2d6a4f');
    expect(css).toContain(`--color-primary-950:${brandPalette('#2d6a4f', DEFAULT_ACCENT).primary[950]}`);
  });

  test('keeps the hue of the chosen colour in every step', () => {
    const { primary } = brandPalette('#5b21b6', DEFAULT_ACCENT);
    const hue = hexToOklch('#5b21b6').h;
    for (const step of [300, 500, 700, 900] as const) expect(Math.abs(hexToOklch(primary[step]).h - hue)).toBeLessThan(12);
  });

  test('for any colours the refusals let through, every pair that carries text reaches AA (moved where it fell short)', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (primary, accent) => {
        fc.pre(!primaryProblem(primary) && !accentProblem(accent, primary));
        expect(paletteShortfalls(brandPalette(primary, accent))).toEqual([]);
      }),
      { numRuns: 150, seed: 31 },
    );
  });
});

describe('refusals, in words a coach reads', () => {
  test('a primary too light under white text, or as text on the page background', () => {
    expect(primaryProblem('#f0f0f0')).toBe(
      'Primary colour is too light: white text on it has a contrast of 1.1:1; it needs at least 4.5:1',
    );
    expect(primaryProblem('#767676')).toBe(
      'Primary colour is too light: as text on the page background it has a contrast of 4.2:1; it needs at least 4.5:1',
    );
    expect(primaryProblem('#1f3358')).toBeUndefined();
    expect(primaryProblem('#000000')).toBeUndefined();
  });

  test('an accent too dark under the darkest primary text; said of the primary when it is the primary that changes', () => {
    expect(accentProblem('#1f3358', DEFAULT_PRIMARY)).toBe(
      'Accent colour is too dark: the dark text on its buttons has a contrast of 1.4:1; it needs at least 4.5:1',
    );
    expect(accentProblem('#8a8a8a', DEFAULT_PRIMARY)).toBeUndefined();
    expect(accentProblem('#8a8a8a', '#2d6a4f', 'primary')).toBe(
      'Primary colour does not suit the accent colour: the dark text on the accent buttons has a contrast of 3.7:1; it needs at least 4.5:1',
    );
    expect(accentProblem('#ffffff', '#000000')).toBeUndefined();
  });
});
