// Generated blog covers (docs/decisions.md: "Uploads and covers"). One composition, derived from a
// hash of title and category, drawn as SVG with the category and title; the PNG for og:image
// (social networks don't render SVG) is that SVG rasterised by resvg.
// Everything here is pure so the same post always yields the same bytes and can be cached forever.
import { fileURLToPath } from 'node:url';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { Resvg } from '@resvg/resvg-js';
import { escapeXml } from '../feeds/xml.ts';

export interface CoverInput {
  title: string;
  category: string | null;
}

const WIDTH = 1200;
const HEIGHT = 630;

// Bump when the drawing changes: it is hashed into coverKey, so every cached cover URL moves on.
const ART_VERSION = 'cover-art/2';

const TITLE_MAX_CHARS = 28;
const TITLE_MAX_LINES = 3;
const CATEGORY_MAX_CHARS = 40;
// Arcs stay right of this x so they don't run through the title.
const ARC_LEFT_LIMIT = 700;

type Rgb = readonly [number, number, number];

const rgb = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

// Mirrors the @theme scales in src/styles.css; the server can't read the stylesheet.
const PRIMARY = {
  300: rgb('#98b3d8'),
  400: rgb('#6488c0'),
  500: rgb('#4168a6'),
  600: rgb('#30518a'),
  700: rgb('#274170'),
  800: rgb('#1f3358'),
  900: rgb('#172642'),
  950: rgb('#0e182b'),
} as const;
const ACCENT = {
  200: rgb('#f2d894'),
  300: rgb('#e9bf5b'),
  400: rgb('#dea838'),
  500: rgb('#c98d22'),
} as const;

interface GradientStop {
  offset: number;
  color: Rgb;
}
interface Glow {
  cx: number;
  cy: number;
  r: number;
  color: Rgb;
  opacity: number;
}
interface Arc {
  cx: number;
  cy: number;
  r: number;
  width: number;
  /** Radians, measured clockwise on screen from the positive x axis. */
  start: number;
  sweep: number;
  color: Rgb;
  opacity: number;
}
interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  color: Rgb;
  opacity: number;
}
interface Disc {
  cx: number;
  cy: number;
  r: number;
  color: Rgb;
  opacity: number;
}
interface Composition {
  background: { x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] };
  glows: Glow[];
  arcs: Arc[];
  lines: Line[];
  discs: Disc[];
}

// A radial glow fades as (1 - s)²; SVG only interpolates linearly between stops, so both
// renderers use these same samples to stay alike.
const GLOW_OFFSETS = [0, 0.2, 0.4, 0.6, 0.8, 1] as const;
const GLOW_FALLOFF = GLOW_OFFSETS.map((s) => (1 - s) * (1 - s));

// Darkens the text side so the title reads on any composition; stays in the navy family.
const SCRIM = { color: PRIMARY[950], from: 0.6, to: 0, end: 0.76 * WIDTH } as const;

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

/** sfc32 seeded from the digest: Math.random would make covers differ between requests. */
const createRandom = (seed: Uint8Array): (() => number) => {
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12);
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
};

// Geometry is rounded once, here, so the SVG numbers and the raster use identical values.
const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const compose = (seed: Uint8Array): Composition => {
  const random = createRandom(seed);
  const between = (min: number, max: number) => min + (max - min) * random();
  const pick = <T>(first: T, ...rest: T[]): T => {
    const items = [first, ...rest];
    return items[Math.floor(random() * items.length)] ?? first;
  };

  const background = {
    x1: 0,
    y1: round1(between(0, 160)),
    x2: WIDTH,
    y2: round1(between(470, HEIGHT)),
    stops: [
      { offset: 0, color: PRIMARY[950] },
      { offset: round3(between(0.45, 0.6)), color: PRIMARY[900] },
      { offset: 1, color: pick(PRIMARY[800], PRIMARY[700]) },
    ],
  };

  // The composition orbits one focal point on the right, leaving the left for the title.
  const fx = round1(between(880, 1090));
  const fy = round1(between(170, 460));

  const glows: Glow[] = [
    {
      cx: fx,
      cy: fy,
      r: round1(between(400, 540)),
      color: pick(PRIMARY[500], PRIMARY[600], PRIMARY[400]),
      opacity: round3(between(0.32, 0.45)),
    },
    {
      cx: round1(between(-60, 260)),
      cy: round1(pick(between(-80, 40), between(590, 700))),
      r: round1(between(260, 380)),
      color: PRIMARY[600],
      opacity: round3(between(0.14, 0.22)),
    },
  ];

  const arcs: Arc[] = [];
  let radius = between(130, 190);
  for (let i = 0; i < 3; i++) {
    const gold = i !== 1 || random() < 0.5;
    // Draw only the part of the circle where cos(angle) ≥ reach, i.e. right of ARC_LEFT_LIMIT.
    const reach = (ARC_LEFT_LIMIT - fx) / radius;
    const open = Math.acos(Math.max(-1, Math.min(1, reach)));
    const sweep = Math.min(between(Math.PI * 0.55, Math.PI * 1.5), open * 2 * 0.96);
    const start = reach > -1 ? -open + between(0, open * 2 - sweep) : between(0, Math.PI * 2);
    arcs.push({
      cx: fx,
      cy: fy,
      r: round1(radius),
      width: round1(between(1.4, 2.6)),
      start: round3(start),
      sweep: round3(sweep),
      color: gold ? pick(ACCENT[300], ACCENT[200], ACCENT[400]) : PRIMARY[300],
      opacity: round3(between(0.35, 0.7)),
    });
    radius += between(60, 110);
  }

  // A warm glow and a small "sun" sit on a drawn part of an arc, inside the frame and clear of the title.
  const inFrame = (x: number, y: number) => x > 640 && x < WIDTH - 60 && y > 60 && y < HEIGHT - 60;
  const fraction = between(0, 1);
  const candidates = [...arcs].reverse().flatMap((arc) =>
    [0, 0.2, 0.4, 0.6, 0.8].map((shift) => {
      const angle = arc.start + arc.sweep * (0.1 + 0.8 * ((fraction + shift) % 1));
      return { x: round1(arc.cx + arc.r * Math.cos(angle)), y: round1(arc.cy + arc.r * Math.sin(angle)) };
    }),
  );
  const sun = candidates.find(({ x, y }) => inFrame(x, y)) ?? { x: fx, y: fy };
  glows.push({ cx: sun.x, cy: sun.y, r: round1(between(150, 230)), color: ACCENT[400], opacity: round3(between(0.16, 0.26)) });

  const discs: Disc[] = [{ cx: sun.x, cy: sun.y, r: round1(between(5, 8)), color: ACCENT[300], opacity: 0.95 }];

  // A small dot grid in a right-hand corner, as a quiet counterweight to the arcs.
  const top = random() < 0.5;
  const dotX = round1(between(1010, 1060));
  const dotY = round1(top ? between(54, 76) : between(HEIGHT - 130, HEIGHT - 104));
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      discs.push({ cx: round1(dotX + col * 20), cy: round1(dotY + row * 20), r: 1.6, color: ACCENT[200], opacity: 0.4 });
    }
  }

  // Two parallel hairlines rising to the right across the whole height.
  const angle = between(Math.PI * 0.2, Math.PI * 0.32);
  const run = (HEIGHT + 80) / Math.tan(angle);
  const baseX = between(520, 780);
  const gap = between(14, 26);
  const lineColor = pick(ACCENT[300], ACCENT[500]);
  const lines: Line[] = [0, 1].map((i) => ({
    x1: round1(baseX + i * gap),
    y1: HEIGHT + 40,
    x2: round1(baseX + i * gap + run),
    y2: -40,
    width: 1,
    color: lineColor,
    opacity: round3(i === 0 ? between(0.22, 0.32) : between(0.1, 0.18)),
  }));

  return { background, glows, arcs, lines, discs };
};

// ---------------------------------------------------------------------------------------------
// SVG

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const num = (n: number) => String(round1(n));

/** Code-point aware, so an emoji or accented letter is never cut in half. */
const chars = (text: string) => Array.from(text);

/**
 * Greedy word wrap to at most TITLE_MAX_LINES of TITLE_MAX_CHARS; a word longer than a line is
 * broken, and text that doesn't fit ends the last line with an ellipsis.
 */
const wrapTitle = (title: string): string[] => {
  const words = title
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => {
      const letters = chars(word);
      const pieces: string[] = [];
      for (let i = 0; i < letters.length; i += TITLE_MAX_CHARS) pieces.push(letters.slice(i, i + TITLE_MAX_CHARS).join(''));
      return pieces;
    });
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current === '') current = word;
    else if (chars(current).length + 1 + chars(word).length <= TITLE_MAX_CHARS) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= TITLE_MAX_LINES) return lines;

  const kept = lines.slice(0, TITLE_MAX_LINES - 1);
  const rest = chars(lines.slice(TITLE_MAX_LINES - 1).join(' '));
  let last = rest.slice(0, TITLE_MAX_CHARS - 1).join('');
  // Prefer to end on a whole word unless that throws away most of the line.
  const space = last.lastIndexOf(' ');
  if (rest[TITLE_MAX_CHARS - 1] !== ' ' && space >= TITLE_MAX_CHARS / 2) last = last.slice(0, space);
  last = last.replace(/[\s.,;:!?\-–—]+$/u, '');
  return [...kept, `${last}…`];
};

// The shipped fonts first (the PNG is rendered with them), then what a browser showing the SVG has.
const TITLE_FONT = "'Source Serif 4', Georgia, 'Times New Roman', serif";
const LABEL_FONT = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const TITLE_SIZE = 62;
const TEXT_X = 88;
const TITLE_MAX_WIDTH = WIDTH - TEXT_X - 80;

/** Rough Georgia advance widths in em: enough to shrink a title of capitals or CJK so it stays on the card. */
const advance = (char: string): number => {
  if (char.codePointAt(0)! >= 0x2e80) return 1;
  if (/[MWmw@%]/.test(char)) return 0.92;
  if (/[A-Z0-9]/.test(char)) return 0.72;
  if (/[\sijlft.,;:'"!|()[\]]/.test(char)) return 0.3;
  return 0.54;
};

const titleSize = (lines: string[]): number => {
  const widest = Math.max(1, ...lines.map((line) => chars(line).reduce((sum, char) => sum + advance(char), 0)));
  return Math.min(TITLE_SIZE, Math.floor(TITLE_MAX_WIDTH / widest));
};

const arcPath = ({ cx, cy, r, start, sweep }: Arc) => {
  const end = start + sweep;
  const point = (angle: number) => `${num(cx + r * Math.cos(angle))} ${num(cy + r * Math.sin(angle))}`;
  return `M ${point(start)} A ${num(r)} ${num(r)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${point(end)}`;
};

const artSvg = ({ background, glows, arcs, lines, discs }: Composition): string[] => {
  const defs = [
    `<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="${num(background.x1)}" y1="${num(background.y1)}" x2="${num(background.x2)}" y2="${num(background.y2)}">`,
    ...background.stops.map((stop) => `<stop offset="${stop.offset}" stop-color="${hex(stop.color)}"/>`),
    '</linearGradient>',
    ...glows.flatMap((glow, i) => [
      `<radialGradient id="glow${i}" gradientUnits="userSpaceOnUse" cx="${num(glow.cx)}" cy="${num(glow.cy)}" r="${num(glow.r)}">`,
      ...GLOW_OFFSETS.map(
        (offset, k) =>
          `<stop offset="${offset}" stop-color="${hex(glow.color)}" stop-opacity="${round3(glow.opacity * (GLOW_FALLOFF[k] ?? 0))}"/>`,
      ),
      '</radialGradient>',
    ]),
    `<linearGradient id="scrim" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${num(SCRIM.end)}" y2="0">`,
    `<stop offset="0" stop-color="${hex(SCRIM.color)}" stop-opacity="${SCRIM.from}"/>`,
    `<stop offset="1" stop-color="${hex(SCRIM.color)}" stop-opacity="${SCRIM.to}"/>`,
    '</linearGradient>',
  ];
  return [
    '<defs>',
    ...defs,
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    ...glows.map((glow, i) => `<circle cx="${num(glow.cx)}" cy="${num(glow.cy)}" r="${num(glow.r)}" fill="url(#glow${i})"/>`),
    '<g fill="none">',
    ...arcs.map(
      (arc) => `<path d="${arcPath(arc)}" stroke="${hex(arc.color)}" stroke-width="${num(arc.width)}" stroke-opacity="${arc.opacity}"/>`,
    ),
    ...lines.map(
      (line) =>
        `<line x1="${num(line.x1)}" y1="${num(line.y1)}" x2="${num(line.x2)}" y2="${num(line.y2)}" stroke="${hex(line.color)}" stroke-width="${num(line.width)}" stroke-opacity="${line.opacity}"/>`,
    ),
    '</g>',
    ...discs.map(
      (disc) =>
        `<circle cx="${num(disc.cx)}" cy="${num(disc.cy)}" r="${num(disc.r)}" fill="${hex(disc.color)}" fill-opacity="${disc.opacity}"/>`,
    ),
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#scrim)"/>`,
  ];
};

const textSvg = (title: string, category: string): string[] => {
  const lines = wrapTitle(title);
  const size = titleSize(lines);
  const leading = Math.round(size * 1.2);
  const label = chars(category.toUpperCase()).slice(0, CATEGORY_MAX_CHARS).join('').trim();
  const ruleHeight = 4;
  const labelSize = 22;
  const hasLabel = label !== '';
  // Cap height ≈ 0.72 em. The block (rule, label, title) is centred vertically so one-line and
  // three-line titles both sit well.
  const labelBlock = hasLabel ? 30 + labelSize * 0.72 : 0;
  const blockHeight = ruleHeight + labelBlock + 40 + (lines.length - 1) * leading + size * 0.72;
  const top = Math.round((HEIGHT - blockHeight) / 2);
  const firstBaseline = top + ruleHeight + labelBlock + 40 + size * 0.72;
  return [
    `<rect x="${TEXT_X}" y="${top}" width="64" height="${ruleHeight}" rx="2" fill="${hex(ACCENT[300])}"/>`,
    ...(hasLabel
      ? [
          `<text x="${TEXT_X}" y="${num(top + ruleHeight + labelBlock)}" font-family="${LABEL_FONT}" font-size="${labelSize}" font-weight="600" letter-spacing="4" fill="${hex(ACCENT[300])}">${escapeXml(label)}</text>`,
        ]
      : []),
    `<g id="title" font-family="${TITLE_FONT}" font-size="${size}" fill="#ffffff">`,
    ...lines.map((line, i) => `<text x="${TEXT_X}" y="${num(firstBaseline + i * leading)}">${escapeXml(line)}</text>`),
    '</g>',
  ];
};

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
