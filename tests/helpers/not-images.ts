// Files that must never be taken for an image: every upload that judges images by their bytes
// (profile pictures, the media library) refuses each of them with 415, and stores nothing.
import { type Bytes, bytesOf, idat, ihdr, jpeg, latin1, PNG_SIGNATURE, png, pngChunk, pseudoRandomBytes, u32be, utf8 } from './images.ts';

export interface NotAnImage {
  name: string;
  bytes: Bytes;
  /** The file name and type the client claims. */
  file: string;
  type: string;
}

export const NOT_IMAGES: NotAnImage[] = [
  {
    name: 'an SVG with a script',
    bytes: utf8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>'),
    file: 'x.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'an SVG with a foreignObject',
    bytes: utf8(
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
    ),
    file: 'x.svg',
    type: 'image/svg+xml',
  },
  { name: 'an HTML page', bytes: utf8('<!doctype html><script>alert(1)</script>'), file: 'x.html', type: 'text/html' },
  { name: 'a PDF', bytes: utf8('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), file: 'x.pdf', type: 'application/pdf' },
  {
    name: 'a WebP',
    bytes: bytesOf('RIFF', [26, 0, 0, 0], 'WEBPVP8 ', [14, 0, 0, 0], pseudoRandomBytes(14)),
    file: 'x.webp',
    type: 'image/webp',
  },
  {
    name: 'a BMP',
    bytes: bytesOf('BM', [58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0], new Uint8Array(28)),
    file: 'x.bmp',
    type: 'image/bmp',
  },
  {
    name: 'an ICO',
    bytes: bytesOf([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x20, 0x00], u32be(0), u32be(22)),
    file: 'favicon.ico',
    type: 'image/x-icon',
  },
  { name: 'a PHP script renamed x.jpg', bytes: utf8("<?php system($_GET['c']); ?>"), file: 'x.jpg', type: 'image/jpeg' },
  { name: 'an HTML page renamed x.jpg', bytes: utf8('<html><body onload="alert(1)"></body></html>'), file: 'x.jpg', type: 'image/jpeg' },
  { name: 'HTML declared as image/png', bytes: utf8('<html><script>alert(1)</script></html>'), file: 'x.png', type: 'image/png' },
  {
    name: 'a GIF89a header over JavaScript (polyglot)',
    bytes: latin1('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain)//'),
    file: 'x.gif',
    type: 'image/gif',
  },
  {
    name: 'a PNG with HTML after IEND (polyglot)',
    bytes: bytesOf(png(1, 1), '<html><script>alert(1)</script></html>'),
    file: 'x.png',
    type: 'image/png',
  },
  {
    name: 'a JPEG with a ZIP after EOI (polyglot)',
    bytes: bytesOf(jpeg(1, 1), 'PK\x03\x04\x14\x00\x00\x00\x08\x00', pseudoRandomBytes(64)),
    file: 'x.jpg',
    type: 'image/jpeg',
  },
  { name: 'a truncated PNG without IEND', bytes: bytesOf(PNG_SIGNATURE, ihdr(1, 1), idat(1, 1)), file: 'x.png', type: 'image/png' },
  {
    name: 'a PNG whose header claims 100000×100000 pixels (decompression bomb)',
    bytes: bytesOf(PNG_SIGNATURE, ihdr(100_000, 100_000), idat(1, 1), pngChunk('IEND')),
    file: 'x.png',
    type: 'image/png',
  },
];
