// Upload content check (ASVS 5.2.2, docs/security.md#uploads). The type comes from the bytes
// alone, and the container is walked to its own end (JPEG EOI, PNG IEND, GIF trailer) with nothing
// allowed after it: polyglots such as a GIF header over a script, HTML after IEND or a ZIP after EOI
// look like images by their first bytes and would be trusted by anything that stops reading there.
// Nothing is decoded; the walk proves the structure is whole and the declared size is sane.
// Every read is bounds-checked so hostile input yields null instead of an exception.
import { crc32 } from 'node:zlib';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

export interface SniffedImage {
  type: ImageType;
  extension: 'jpg' | 'png' | 'gif';
  width: number;
  height: number;
}

// ASVS 5.1.1, docs/security.md (p): a few hundred bytes can declare a canvas that makes a later decoder
// allocate gigabytes (pixel flood), so the header's size is capped before anything else sees it.
export const MAX_IMAGE_DIMENSION = 4096;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/** The image the bytes really are, or null: declared types and file names are never trusted. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, JPEG_MAGIC)) return sniffJpeg(bytes);
  if (startsWith(bytes, PNG_SIGNATURE)) return sniffPng(bytes);
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return sniffGif(bytes);
  return null;
}

// Out-of-range reads give -1, which matches no byte value and fails every size check below.
const byteAt = (bytes: Uint8Array, index: number): number => bytes[index] ?? -1;

const u16be = (bytes: Uint8Array, index: number): number =>
  index >= 0 && index + 2 <= bytes.length ? (byteAt(bytes, index) << 8) | byteAt(bytes, index + 1) : -1;

const u16le = (bytes: Uint8Array, index: number): number =>
  index >= 0 && index + 2 <= bytes.length ? byteAt(bytes, index) | (byteAt(bytes, index + 1) << 8) : -1;

const u32be = (bytes: Uint8Array, index: number): number =>
  index >= 0 && index + 4 <= bytes.length ? ((u16be(bytes, index) << 16) | u16be(bytes, index + 2)) >>> 0 : -1;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value);
}

const dimensionsAllowed = (width: number, height: number): boolean =>
  width >= 1 && width <= MAX_IMAGE_DIMENSION && height >= 1 && height <= MAX_IMAGE_DIMENSION;

// ---- PNG (RFC 2083 / ISO 15948): signature, then length-type-data-CRC chunks up to IEND.

const CHUNK_IHDR = 0x49484452;
const CHUNK_IDAT = 0x49444154;
const CHUNK_IEND = 0x49454e44;
// The PNG spec caps a chunk length at 2^31 - 1; anything above is corrupt or hostile.
const PNG_MAX_CHUNK_LENGTH = 0x7fffffff;

// Chunk types are four ASCII letters; anything else means the walk is no longer on a chunk boundary.
function isChunkTypeAt(bytes: Uint8Array, index: number): boolean {
  for (let i = index; i < index + 4; i++) {
    const c = byteAt(bytes, i) & 0xdf;
    if (c < 0x41 || c > 0x5a) return false;
  }
  return true;
}

function sniffPng(bytes: Uint8Array): SniffedImage | null {
  let position = PNG_SIGNATURE.length;
  let width = 0;
  let height = 0;
  let sawImageData = false;
  for (let index = 0; ; index++) {
    const length = u32be(bytes, position);
    const type = u32be(bytes, position + 4);
    if (length < 0 || type < 0 || length > PNG_MAX_CHUNK_LENGTH || !isChunkTypeAt(bytes, position + 4)) return null;
    const dataStart = position + 8;
    const crcStart = dataStart + length;
    const next = crcStart + 4;
    if (next > bytes.length) return null;
    if (crc32(bytes.subarray(position + 4, crcStart)) !== u32be(bytes, crcStart)) return null;

    if (index === 0) {
      if (type !== CHUNK_IHDR || length !== 13) return null;
      width = u32be(bytes, dataStart);
      height = u32be(bytes, dataStart + 4);
      if (!dimensionsAllowed(width, height)) return null;
    } else if (type === CHUNK_IHDR) {
      return null;
    }
    if (type === CHUNK_IDAT) sawImageData = true;
    if (type === CHUNK_IEND) {
      // IEND carries no data, and it must be the very last byte: anything after it is a payload.
      if (length !== 0 || next !== bytes.length || !sawImageData) return null;
      return { type: 'image/png', extension: 'png', width, height };
    }
    position = next;
  }
}

// ---- GIF (GIF89a spec): header, logical screen descriptor, blocks, trailer 0x3B.

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;

// Packed-field bit 7 says a colour table follows; bits 0-2 give its size as 2^(N+1) RGB triples.
const colourTableLength = (packed: number): number => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** Skips size-prefixed data sub-blocks up to their zero terminator; -1 when they run off the end. */
function skipSubBlocks(bytes: Uint8Array, start: number): number {
  let position = start;
  for (;;) {
    const size = byteAt(bytes, position);
    if (size < 0) return -1;
    position += 1 + size;
    if (size === 0) return position;
  }
}

function sniffGif(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 13) return null;
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  if (!dimensionsAllowed(width, height)) return null;
  let position = 13 + colourTableLength(byteAt(bytes, 10));
  let images = 0;
  while (position >= 0) {
    const introducer = byteAt(bytes, position);
    if (introducer === GIF_TRAILER) {
      if (position !== bytes.length - 1 || images === 0) return null;
      return { type: 'image/gif', extension: 'gif', width, height };
    }
    if (introducer === GIF_EXTENSION) {
      if (byteAt(bytes, position + 1) < 0) return null;
      position = skipSubBlocks(bytes, position + 2);
    } else if (introducer === GIF_IMAGE) {
      // A frame can declare its own size independently of the screen, so it is capped too.
      const frameWidth = u16le(bytes, position + 5);
      const frameHeight = u16le(bytes, position + 7);
      const packed = byteAt(bytes, position + 9);
      if (frameWidth < 0 || frameWidth > MAX_IMAGE_DIMENSION || frameHeight < 0 || frameHeight > MAX_IMAGE_DIMENSION || packed < 0) {
        return null;
      }
      position += 10 + colourTableLength(packed);
      if (byteAt(bytes, position) < 0) return null; // LZW minimum code size
      position = skipSubBlocks(bytes, position + 1);
      images++;
    } else {
      return null;
    }
  }
  return null;
}

// ---- JPEG (ITU T.81 / JFIF): SOI, marker segments, entropy-coded scans, EOI.

const MARKER_SOI = 0xd8;
const MARKER_EOI = 0xd9;
const MARKER_SOS = 0xda;
const MARKER_TEM = 0x01;

const isRestart = (marker: number): boolean => marker >= 0xd0 && marker <= 0xd7;

// C4 (DHT), C8 (JPG extension) and CC (DAC) share the range but are not frame headers.
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Where the marker ending an entropy-coded scan starts, or -1 when the data runs off the end. */
function skipEntropyCodedData(bytes: Uint8Array, start: number): number {
  let position = start;
  for (;;) {
    position = bytes.indexOf(0xff, position);
    if (position < 0) return -1;
    const next = byteAt(bytes, position + 1);
    if (next < 0) return -1;
    // FF 00 is a stuffed data byte and RSTn sits inside the scan; FF FF is fill before a marker.
    if (next === 0x00 || isRestart(next)) position += 2;
    else if (next === 0xff) position += 1;
    else return position;
  }
}

function sniffJpeg(bytes: Uint8Array): SniffedImage | null {
  let position = 2;
  let width = 0;
  let height = 0;
  let scans = 0;
  for (;;) {
    if (byteAt(bytes, position) !== 0xff) return null;
    while (byteAt(bytes, position + 1) === 0xff) position++;
    const marker = byteAt(bytes, position + 1);
    position += 2;
    if (marker === MARKER_EOI) {
      // EOI must end the file: a ZIP or HTML document after it is exactly the polyglot being refused.
      if (position !== bytes.length || scans === 0 || width === 0) return null;
      return { type: 'image/jpeg', extension: 'jpg', width, height };
    }
    if (marker === MARKER_TEM || isRestart(marker)) continue;
    // 02-BF are reserved and never written by encoders; 00 only exists inside scans as stuffing.
    if (marker < 0xc0 || marker === MARKER_SOI) return null;

    const length = u16be(bytes, position);
    const segmentEnd = position + length;
    if (length < 2 || segmentEnd > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (length < 8) return null;
      height = u16be(bytes, position + 3);
      width = u16be(bytes, position + 5);
      if (!dimensionsAllowed(width, height)) return null;
    }
    if (marker === MARKER_SOS) {
      if (width === 0) return null;
      scans++;
      position = skipEntropyCodedData(bytes, segmentEnd);
      if (position < 0) return null;
    } else {
      position = segmentEnd;
    }
  }
}
