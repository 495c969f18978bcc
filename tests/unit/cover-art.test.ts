import { describe, expect, test } from 'bun:test';
import { coverKey, coverPng, coverSvg, svgToPng } from '#server/covers/cover-art.ts';

const post = { title: 'Leading Through Uncertainty: Five Habits of Calm Executives', category: 'Leadership' };
const hostile = { title: `</text><script>alert(1)</script> & "quoted" 'single'`, category: '<img src=x onerror=alert(1)>' };

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The title lines as displayed: the text elements inside the title group. */
const titleLines = (svg: string): string[] => {
  const group = /<g id="title"[^>]*>([\s\S]*?)<\/g>/.exec(svg)?.[1] ?? '';
  return [...group.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => unescapeXml(match[1] ?? ''));
};

/** Every opening tag is closed in order: enough to catch markup smuggled in through text. */
const tagsBalance = (svg: string): boolean => {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([A-Za-z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name ?? '');
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
};

interface Chunk {
  type: string;
  data: Uint8Array;
  crcMatches: boolean;
}

const readChunks = (png: Uint8Array): Chunk[] => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = view.getUint32(offset + 8 + length);
    chunks.push({ type, data, crcMatches: Bun.hash.crc32(png.subarray(offset + 4, offset + 8 + length)) === crc });
    offset += 12 + length;
  }
  return chunks;
};

describe('coverSvg', () => {
  test('the same post always gives byte-identical SVG', () => {
    expect(coverSvg({ ...post })).toBe(coverSvg({ ...post }));
  });

  test('different titles or categories give different art', () => {
    const base = coverSvg(post);
    expect(coverSvg({ ...post, title: 'Why your best people quit' })).not.toBe(base);
    expect(coverSvg({ ...post, category: 'Coaching' })).not.toBe(base);
    // The shapes themselves move, not just the text.
    const art = (svg: string) => svg.slice(svg.indexOf('<defs>'), svg.indexOf('<rect x="88"'));
    expect(art(coverSvg({ ...post, title: 'Why your best people quit' }))).not.toBe(art(base));
  });

  test('is a 1200×630 SVG document with balanced tags', () => {
    const svg = coverSvg(post);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="1200"');
    expect(svg).toContain('height="630"');
    expect(svg).toContain('viewBox="0 0 1200 630"');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(tagsBalance(svg)).toBe(true);
  });

  test('shows the category in gold capitals and the title in white serif, the shipped font first', () => {
    const svg = coverSvg(post);
    expect(svg).toContain('>LEADERSHIP</text>');
    expect(svg).toContain(`font-family="'Source Serif 4', Georgia, 'Times New Roman', serif"`);
    expect(titleLines(svg).join(' ')).toBe(post.title);
  });

  test('hostile title and category come out as inert text', () => {
    const svg = coverSvg(hostile);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('&amp; &quot;quoted&quot; &apos;single&apos;');
    expect(svg).toContain('&lt;IMG SRC=X ONERROR=ALERT(1)&gt;');
    expect(tagsBalance(svg)).toBe(true);
    expect(titleLines(svg).join('')).toContain('</text><script>');
  });

  test('references nothing outside itself and carries no script hooks', () => {
    for (const svg of [coverSvg(post), coverSvg(hostile)]) {
      const tags = [...svg.matchAll(/<([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*\/?>/g)];
      const elements = new Set(tags.map((tag) => tag[1]?.toLowerCase()));
      const attributes = tags.flatMap((tag) => [...(tag[2] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)]);
      expect(elements.has('script') || elements.has('foreignobject') || elements.has('image') || elements.has('use')).toBe(false);
      expect(attributes.filter(([, name]) => /^on|href$/i.test(name ?? ''))).toEqual([]);
      const urls = attributes.flatMap(([, , value]) => [...(value ?? '').matchAll(/url\(([^)]*)\)/g)].map((match) => match[1]));
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.every((url) => url?.startsWith('#'))).toBe(true);
    }
  });

  test('a long title wraps to at most three lines of 28 characters, ending in an ellipsis', () => {
    const lines = titleLines(
      coverSvg({
        title: 'The quiet art of delegating well, and why most managers never learn it before burning out their teams',
        category: 'Productivity',
      }),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(28);
    expect(lines[0]).toBe('The quiet art of delegating');
    expect(lines[2]?.endsWith('…')).toBe(true);
  });

  test('a short title stays on one line without an ellipsis', () => {
    expect(titleLines(coverSvg({ title: 'Feedback that lands', category: null }))).toEqual(['Feedback that lands']);
  });

  test('a word longer than a line is broken rather than overflowing', () => {
    const lines = titleLines(coverSvg({ title: 'x'.repeat(100), category: null }));
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => [...line].length <= 28)).toBe(true);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });

  test('without a category there is no label, and control characters are dropped', () => {
    const svg = coverSvg({ title: 'Bell\u0007 and\ttab', category: null });
    expect(svg).not.toContain('letter-spacing');
    expect(svg).not.toContain('\u0007');
    expect(titleLines(svg)).toEqual(['Bell and tab']);
  });
});

describe('coverPng', () => {
  const png = coverPng(post);
  const chunks = readChunks(png);

  test('starts with the PNG signature and ends with IEND', () => {
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(chunks.at(-1)?.type).toBe('IEND');
    expect(chunks.at(-1)?.data.length).toBe(0);
    expect([...png.subarray(-8, -4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('IEND');
  });

  test('declares 1200×630 in IHDR and every chunk checksum is right', () => {
    const ihdr = chunks[0];
    expect(ihdr?.type).toBe('IHDR');
    const view = new DataView(ihdr!.data.buffer, ihdr!.data.byteOffset, ihdr!.data.byteLength);
    expect(view.getUint32(0)).toBe(1200);
    expect(view.getUint32(4)).toBe(630);
    expect(chunks.every((chunk) => chunk.crcMatches)).toBe(true);
  });

  test('is the SVG with its title and category drawn in the shipped fonts', () => {
    const svg = coverSvg(post);
    expect(sameBytes(svgToPng(svg), png)).toBe(true);
    // Were the fonts not found, the text would draw nothing and these would be equal.
    expect(sameBytes(svgToPng(svg.replace(/<text[^>]*>[^<]*<\/text>/g, '')), png)).toBe(false);
  });

  test('the same post always gives identical PNG bytes, and another title different ones', () => {
    expect(sameBytes(coverPng({ ...post }), png)).toBe(true);
    expect(sameBytes(coverPng({ ...post, title: 'Why your best people quit' }), png)).toBe(false);
  });
});

describe('coverKey', () => {
  test('is 16 lowercase hex characters and stable', () => {
    expect(coverKey(post)).toMatch(/^[0-9a-f]{16}$/);
    expect(coverKey({ ...post })).toBe(coverKey(post));
  });

  test('changes with the title or the category', () => {
    expect(coverKey({ ...post, title: 'Another title' })).not.toBe(coverKey(post));
    expect(coverKey({ ...post, category: null })).not.toBe(coverKey(post));
  });
});
