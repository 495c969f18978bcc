// ASVS 5.2.2, docs/security.md#uploads: the fixtures are assembled in tests/helpers/images.ts so no
// binary file (or a real-world payload) is committed; the sniffer only walks structure.
import { describe, expect, test } from 'bun:test';
import { MAX_IMAGE_DIMENSION, sniffImage } from '#server/uploads/image-sniff.ts';
import {
  APP0,
  bytesOf,
  DHT,
  DQT,
  EOI,
  gif,
  gifFrame,
  idat,
  ihdr,
  jpeg,
  latin1,
  PNG_SIGNATURE,
  PROGRESSIVE_JPEG,
  png,
  pngChunk,
  pseudoRandomBytes,
  SOI,
  SOS,
  segment,
  sof,
  TRANSPARENT_GIF,
  u16le,
  u32be,
  utf8,
} from '../helpers/images.ts';

const VALID = {
  'PNG 1x1': png(1, 1),
  'PNG 3x2': png(3, 2),
  'GIF89a 1x1': TRANSPARENT_GIF,
  'GIF87a 3x2': gif(3, 2),
  'JPEG 1x1': jpeg(1, 1),
  'progressive JPEG 3x2': PROGRESSIVE_JPEG,
};

describe('sniffImage accepts real images', () => {
  test('the fixtures match the formats they imitate', () => {
    expect(TRANSPARENT_GIF.length).toBe(43);
    expect([...pngChunk('IEND')]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  });

  test('a 1x1 and a 3x2 PNG are PNGs with their header size', () => {
    expect(sniffImage(png(1, 1))).toEqual({ type: 'image/png', extension: 'png', width: 1, height: 1 });
    expect(sniffImage(png(3, 2))).toEqual({ type: 'image/png', extension: 'png', width: 3, height: 2 });
  });

  test('a PNG with ancillary chunks between IHDR and IEND is still a PNG', () => {
    const bytes = bytesOf(PNG_SIGNATURE, ihdr(2, 2), pngChunk('tEXt', 'Comment\0hello'), idat(2, 2), idat(0, 0), pngChunk('IEND'));
    expect(sniffImage(bytes)).toEqual({ type: 'image/png', extension: 'png', width: 2, height: 2 });
  });

  test('the classic 43-byte transparent GIF89a and a GIF87a are GIFs', () => {
    expect(sniffImage(TRANSPARENT_GIF)).toEqual({ type: 'image/gif', extension: 'gif', width: 1, height: 1 });
    expect(sniffImage(gif(3, 2))).toEqual({ type: 'image/gif', extension: 'gif', width: 3, height: 2 });
  });

  test('an animated GIF with several frames and a local colour table is a GIF', () => {
    const localTableFrame = bytesOf([0x2c], u16le(0), u16le(0), u16le(2), u16le(2), [0x80], [1, 2, 3, 4, 5, 6], [0x02, 0x01, 0x44, 0x00]);
    const loop = bytesOf([0x21, 0xff, 0x0b], 'NETSCAPE2.0', [0x03, 0x01, 0x00, 0x00, 0x00]);
    const bytes = gif(2, 2, { version: '89a', blocks: [loop, gifFrame(2, 2), localTableFrame] });
    expect(sniffImage(bytes)).toEqual({ type: 'image/gif', extension: 'gif', width: 2, height: 2 });
  });

  test('a baseline JPEG is a JPEG with its SOF size', () => {
    expect(sniffImage(jpeg(1, 1))).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 1, height: 1 });
    expect(sniffImage(jpeg(640, 480, { sofMarker: 0xc1 }))).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 640, height: 480 });
  });

  test('a progressive JPEG with several scans, restart markers and fill bytes is a JPEG', () => {
    expect(sniffImage(PROGRESSIVE_JPEG)).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 3, height: 2 });
  });

  test('a JPEG whose COM segment holds a script is still a JPEG (ASVS 2.7, docs/security.md: made inert when served)', () => {
    const bytes = jpeg(1, 1, { before: [segment(0xfe, '<script>alert(1)</script>')] });
    expect(sniffImage(bytes)).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 1, height: 1 });
  });

  test('a GIF comment extension holding markup is still a GIF, like the JPEG COM case', () => {
    const comment = bytesOf([0x21, 0xfe, 25], '<script>alert(1)</script>', [0x00]);
    expect(sniffImage(gif(1, 1, { version: '89a', blocks: [comment, gifFrame(1, 1)] }))?.type).toBe('image/gif');
  });

  test('exactly MAX_IMAGE_DIMENSION on each side is allowed', () => {
    expect(MAX_IMAGE_DIMENSION).toBe(4096);
    expect(sniffImage(png(4096, 4096))).toMatchObject({ width: 4096, height: 4096 });
    expect(sniffImage(gif(4096, 1))).toMatchObject({ width: 4096, height: 1 });
    expect(sniffImage(jpeg(1, 4096))).toMatchObject({ width: 1, height: 4096 });
  });
});

describe('sniffImage refuses anything that is not a whole JPEG, PNG or GIF', () => {
  const refused: Record<string, Uint8Array> = {
    empty: new Uint8Array(),
    'one random byte': pseudoRandomBytes(1),
    'three random bytes': pseudoRandomBytes(3, 7),
    'a lone JPEG magic': bytesOf([0xff, 0xd8, 0xff]),
    'a PNG signature prefix': bytesOf([0x89, 0x50, 0x4e]),
    'a bare PNG signature': bytesOf(PNG_SIGNATURE),
    'a bare GIF header': latin1('GIF89a'),
    'SVG with onload': utf8('<svg onload=alert(1)>'),
    'SVG with foreignObject': utf8(
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
    ),
    'SVG with an XML prolog': utf8('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    HTML: utf8('<!doctype html><script>alert(1)</script>'),
    PDF: utf8('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    WebP: bytesOf('RIFF', [26, 0, 0, 0], 'WEBPVP8 ', [14, 0, 0, 0], pseudoRandomBytes(14)),
    BMP: bytesOf('BM', [58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0], new Uint8Array(28)),
    ICO: bytesOf([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x20, 0x00], u32be(0), u32be(22)),
    PHP: utf8("<?php system($_GET['c']); ?>"),
    'GIF89a followed by JavaScript': latin1('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain)//'),
    'GIF89a header and screen followed by HTML': bytesOf('GIF89a', [1, 0, 1, 0, 0, 0, 0], '<html><script>alert(1)</script></html>'),
    'GIF89a followed by PHP': latin1("GIF89a<?php system($_GET['c']); ?>"),
    'PNG with HTML after IEND': bytesOf(png(1, 1), '<html><script>alert(1)</script></html>'),
    'PNG with one byte after IEND': bytesOf(png(1, 1), [0]),
    'JPEG with a ZIP after EOI': bytesOf(jpeg(1, 1), 'PK\x03\x04\x14\x00\x00\x00\x08\x00', pseudoRandomBytes(64)),
    'JPEG with HTML after EOI': bytesOf(jpeg(1, 1), '<html><script>alert(1)</script></html>'),
    'GIF with HTML after the trailer': bytesOf(TRANSPARENT_GIF, '<html>'),
    'truncated PNG without IEND': bytesOf(PNG_SIGNATURE, ihdr(1, 1), idat(1, 1)),
    'PNG whose IHDR says 100000x100000': bytesOf(PNG_SIGNATURE, ihdr(100_000, 100_000), idat(1, 1), pngChunk('IEND')),
    'PNG 5000 px wide': png(5000, 1),
    'PNG 0 px wide': png(0, 1),
    'PNG chunk length pointing past the end': bytesOf(
      PNG_SIGNATURE,
      ihdr(1, 1),
      u32be(0x7fff_0000),
      'IDAT',
      [0, 0, 0, 0],
      pngChunk('IEND'),
    ),
    'PNG chunk length 0xFFFFFFFF': bytesOf(PNG_SIGNATURE, ihdr(1, 1), u32be(0xffff_ffff), 'IDAT', pngChunk('IEND')),
    'PNG whose first chunk is not IHDR': bytesOf(PNG_SIGNATURE, pngChunk('tEXt', 'a\0b'), ihdr(1, 1), idat(1, 1), pngChunk('IEND')),
    'PNG without IDAT': bytesOf(PNG_SIGNATURE, ihdr(1, 1), pngChunk('IEND')),
    'GIF 5000 px wide': gif(5000, 1),
    'GIF 0 px high': gif(1, 0),
    'GIF with a 5000 px frame in a 1x1 screen': gif(1, 1, { blocks: [gifFrame(5000, 1)] }),
    'GIF without an image descriptor': gif(1, 1, { blocks: [] }),
    'GIF with an unterminated sub-block chain': bytesOf('GIF89a', [1, 0, 1, 0, 0, 0, 0], [0x21, 0xfe, 5], 'hello'),
    'JPEG 5000 px wide': jpeg(5000, 1),
    'JPEG 0 px high': jpeg(1, 0),
    'JPEG without SOF': bytesOf(SOI, APP0, DQT, DHT, SOS, [0x3f], EOI),
    'JPEG without a scan': bytesOf(SOI, APP0, DQT, sof(0xc0, 1, 1), DHT, EOI),
    'JPEG without EOI': bytesOf(SOI, APP0, DQT, sof(0xc0, 1, 1), DHT, SOS, [0x3f, 0xff, 0x00]),
    'JPEG segment length past the end': bytesOf(SOI, [0xff, 0xe1, 0xff, 0xff], 'Exif', EOI),
    'JPEG segment length below 2': bytesOf(SOI, [0xff, 0xe0, 0x00, 0x01], sof(0xc0, 1, 1), SOS, [0x3f], EOI),
    'JPEG with a second SOI': bytesOf(SOI, SOI, sof(0xc0, 1, 1), SOS, [0x3f], EOI),
    'JPEG with garbage between segments': bytesOf(SOI, APP0, '<html>', sof(0xc0, 1, 1), SOS, [0x3f], EOI),
  };

  for (const [name, bytes] of Object.entries(refused)) {
    test(`${name} is not an image`, () => {
      expect(sniffImage(bytes)).toBeNull();
    });
  }

  test('a PNG with a bad CRC is not an image', () => {
    const bytes = png(1, 1);
    // Last byte of the IDAT CRC: the chunk is otherwise intact, so only the checksum can refuse it.
    const iendStart = bytes.length - 12;
    bytes[iendStart - 1] = (bytes[iendStart - 1] ?? 0) ^ 0x01;
    expect(sniffImage(bytes)).toBeNull();
  });

  test('every truncation of a valid image is refused', () => {
    for (const [name, bytes] of Object.entries(VALID)) {
      for (let length = 0; length < bytes.length; length++) {
        expect({ name, length, result: sniffImage(bytes.subarray(0, length)) }).toEqual({ name, length, result: null });
      }
    }
  });
});

describe('sniffImage never throws and stays linear', () => {
  test('random corruptions of valid images never throw', () => {
    const noise = pseudoRandomBytes(20_000, 42);
    let n = 0;
    for (const bytes of Object.values(VALID)) {
      for (let round = 0; round < 500; round++) {
        const copy = bytes.slice();
        for (let flips = 1 + ((noise[n++ % noise.length] ?? 0) % 4); flips > 0; flips--) {
          copy[(noise[n++ % noise.length] ?? 0) % copy.length] = noise[n++ % noise.length] ?? 0;
        }
        expect(() => sniffImage(copy)).not.toThrow();
      }
    }
  });

  test('a 5 MB random buffer is refused quickly', () => {
    const started = performance.now();
    expect(sniffImage(pseudoRandomBytes(5 * 1024 * 1024))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('5 MB bodies behind each magic are refused quickly', () => {
    const body = pseudoRandomBytes(5 * 1024 * 1024, 3);
    const cases = [
      bytesOf([0xff, 0xd8, 0xff], body),
      bytesOf(SOI, new Uint8Array(5 * 1024 * 1024).fill(0xff)),
      bytesOf(
        SOI,
        sof(0xc0, 1, 1),
        SOS,
        new Uint8Array(5 * 1024 * 1024).map((_, i) => (i % 2 ? 0x00 : 0xff)),
      ),
      bytesOf(PNG_SIGNATURE, ihdr(1, 1), u32be(body.length - 100), 'IDAT', body),
      bytesOf('GIF89a', [1, 0, 1, 0, 0, 0, 0], [0x21, 0xfe], new Uint8Array(5 * 1024 * 1024).fill(0x01)),
    ];
    for (const bytes of cases) {
      const started = performance.now();
      expect(sniffImage(bytes)).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
