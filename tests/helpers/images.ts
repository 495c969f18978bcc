// Image fixtures for the sniffer and upload tests (ASVS 5.2.2, docs/security.md#uploads): every file is
// assembled here so no binary file (or a real-world payload) is committed; the sniffer only walks
// structure, so well-formed segments suffice.
import { deflateSync } from 'node:zlib';

export type Part = Uint8Array | readonly number[] | string;
/** Bytes backed by a plain ArrayBuffer, so they can go straight into a File, a Blob or a body. */
export type Bytes = Uint8Array<ArrayBuffer>;

export const latin1 = (text: string): Bytes => Uint8Array.from(text, (c) => c.charCodeAt(0));
export const utf8 = (text: string): Bytes => new TextEncoder().encode(text);

export function bytesOf(...parts: Part[]): Bytes {
  const arrays = parts.map((part) => (typeof part === 'string' ? latin1(part) : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let offset = 0;
  for (const a of arrays) {
    out.set(a, offset);
    offset += a.length;
  }
  return out;
}

export const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
export const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
export const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

// Deterministic so a failure reproduces; crypto randomness would make the refusals flaky in theory.
export function pseudoRandomBytes(length: number, seed = 0x9e3779b9): Bytes {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

// ---- PNG

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Bun's CRC-32 is an independent implementation, so a wrong table in the sniffer cannot agree with it.
export function pngChunk(type: string, data: Part = []): Bytes {
  const body = bytesOf(type, data);
  return bytesOf(u32be(body.length - 4), body, u32be(Bun.hash.crc32(body)));
}

export const ihdr = (width: number, height: number) => pngChunk('IHDR', bytesOf(u32be(width), u32be(height), [8, 2, 0, 0, 0]));

// 8-bit RGB rows led by filter type 0. Huge headers get a token 64 bytes: the sniffer never inflates IDAT.
export const idat = (width: number, height: number) =>
  pngChunk('IDAT', deflateSync(new Uint8Array(Math.min(height * (1 + width * 3), 64))));

export const png = (width: number, height: number) => bytesOf(PNG_SIGNATURE, ihdr(width, height), idat(width, height), pngChunk('IEND'));

/** PNG chunk framing: length (4) + type (4) + CRC (4) around the data. */
const PNG_CHUNK_OVERHEAD = 12;

/**
 * A valid 1x1 PNG of exactly `totalBytes`: the filler sits inside a private ancillary chunk
 * (`prVt`, with its CRC), so the file stays a whole PNG rather than one with bytes after IEND.
 */
export function paddedPng(totalBytes: number): Bytes {
  const base = png(1, 1);
  const filler = totalBytes - base.length - PNG_CHUNK_OVERHEAD;
  if (filler < 0) throw new Error(`a padded PNG needs at least ${base.length + PNG_CHUNK_OVERHEAD} bytes`);
  const bytes = bytesOf(PNG_SIGNATURE, ihdr(1, 1), pngChunk('prVt', new Uint8Array(filler)), idat(1, 1), pngChunk('IEND'));
  if (bytes.length !== totalBytes) throw new Error(`padded PNG is ${bytes.length} bytes, wanted ${totalBytes}`);
  return bytes;
}

// ---- GIF

export const TRANSPARENT_GIF = bytesOf(
  'GIF89a',
  [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00],
  [0x00, 0x00, 0x00, 0xff, 0xff, 0xff],
  [0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00],
  [0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
  [0x02, 0x02, 0x44, 0x01, 0x00],
  [0x3b],
);

export const gifFrame = (width: number, height: number) =>
  bytesOf([0x2c], u16le(0), u16le(0), u16le(width), u16le(height), [0x00], [0x02, 0x02, 0x44, 0x01, 0x00]);

export function gif(width: number, height: number, { version = '87a', blocks = [gifFrame(width, height)] as Part[] } = {}): Bytes {
  return bytesOf(`GIF${version}`, u16le(width), u16le(height), [0x80, 0x00, 0x00], [0, 0, 0, 255, 255, 255], ...blocks, [0x3b]);
}

// ---- JPEG

export const segment = (marker: number, payload: Part) => {
  const body = bytesOf(payload);
  return bytesOf([0xff, marker], u16be(body.length + 2), body);
};

export const APP0 = segment(0xe0, bytesOf('JFIF\0', [1, 1, 0], u16be(1), u16be(1), [0, 0]));
export const DQT = segment(0xdb, bytesOf([0x00], new Uint8Array(64).fill(1)));
// One-code DC and AC tables: enough for a block whose only symbols are "DC diff 0" and "EOB".
const huffmanTable = (classAndId: number) => bytesOf([classAndId, 1], new Uint8Array(15), [0]);
export const DHT = segment(0xc4, bytesOf(huffmanTable(0x00), huffmanTable(0x10)));
export const SOS = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
export const sof = (marker: number, width: number, height: number) =>
  segment(marker, bytesOf([8], u16be(height), u16be(width), [1, 1, 0x11, 0]));
export const SOI = [0xff, 0xd8];
export const EOI = [0xff, 0xd9];

export function jpeg(width: number, height: number, { before = [] as Part[], sofMarker = 0xc0 } = {}): Bytes {
  return bytesOf(SOI, APP0, ...before, DQT, sof(sofMarker, width, height), DHT, SOS, [0x3f, 0xff, 0x00, 0x12], EOI);
}

// Several scans, a restart marker inside the entropy data and fill bytes before a marker: the
// shapes a progressive encoder writes, which a walker that stops at the first SOS would misjudge.
export const PROGRESSIVE_JPEG = bytesOf(
  SOI,
  APP0,
  DQT,
  sof(0xc2, 3, 2),
  DHT,
  SOS,
  [0x12, 0xff, 0x00, 0xff, 0xd0, 0x34],
  [0xff, 0xff],
  DHT,
  SOS,
  [0x56, 0xff, 0xd1, 0x78],
  [0xff, 0x01],
  SOS,
  [0x9a],
  EOI,
);
