// A cover drawn as SVG elements (server/covers/cover-art.ts): the composition's shapes, and the
// category label and title wrapped and sized to stay on the card.
import { escapeXml } from '../feeds/xml.ts';
import { ACCENT, type Arc, type Composition, HEIGHT, PRIMARY, type Rgb, round1, round3, WIDTH } from './cover-composition.ts';

const TITLE_MAX_CHARS = 28;
const TITLE_MAX_LINES = 3;
const CATEGORY_MAX_CHARS = 40;

// A radial glow fades as (1 - s)²; SVG only interpolates linearly between stops, so both
// renderers use these same samples to stay alike.
const GLOW_OFFSETS = [0, 0.2, 0.4, 0.6, 0.8, 1] as const;
const GLOW_FALLOFF = GLOW_OFFSETS.map((s) => (1 - s) * (1 - s));

// Darkens the text side so the title reads on any composition; stays in the navy family.
const SCRIM = { color: PRIMARY[950], from: 0.6, to: 0, end: 0.76 * WIDTH } as const;

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

/** The composition as SVG: its gradients, glows, arcs, hairlines and discs, under the scrim. */
export const artSvg = ({ background, glows, arcs, lines, discs }: Composition): string[] => {
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

/** The accent rule, the category label (when there is one) and the wrapped title. */
export const textSvg = (title: string, category: string): string[] => {
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
