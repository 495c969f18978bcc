// The abstract art of a generated cover (server/covers/cover-art.ts): the palette and, from the
// cover's digest, one seeded composition of glows, arcs, hairlines and discs in a 1200×630 frame.
// Pure: the same seed always yields the same shapes.

export const WIDTH = 1200;
export const HEIGHT = 630;

// Arcs stay right of this x so they don't run through the title.
const ARC_LEFT_LIMIT = 700;

export type Rgb = readonly [number, number, number];

const rgb = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

// Mirrors the @theme scales in src/styles.css; the server can't read the stylesheet.
export const PRIMARY = {
  300: rgb('#98b3d8'),
  400: rgb('#6488c0'),
  500: rgb('#4168a6'),
  600: rgb('#30518a'),
  700: rgb('#274170'),
  800: rgb('#1f3358'),
  900: rgb('#172642'),
  950: rgb('#0e182b'),
} as const;
export const ACCENT = {
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
export interface Arc {
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
export interface Composition {
  background: { x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] };
  glows: Glow[];
  arcs: Arc[];
  lines: Line[];
  discs: Disc[];
}

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
export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The shapes of one cover, seeded by its digest. */
export const compose = (seed: Uint8Array): Composition => {
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
