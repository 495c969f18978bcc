// Images in posts (issue 19): the uploaded bytes, already sniffed (image-sniff.ts), are decoded by
// sharp (libvips), turned upright from their EXIF orientation, and written again without any
// metadata: sharp keeps none unless asked (no EXIF, GPS, XMP, IPTC or comments; colours are
// converted to sRGB). The stored "original" is that clean copy in its own format; the resized
// copies are WebP and AVIF at RENDITION_WIDTHS, never wider than the original.
import sharp, { type Sharp } from 'sharp';
import { type MediaContentType, RENDITION_WIDTHS, type RenditionFormat } from '#src/schemas/media.ts';
import { MAX_IMAGE_DIMENSION, type SniffedImage } from './image-sniff.ts';

export interface Rendition {
  format: RenditionFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  contentType: MediaContentType;
  width: number;
  height: number;
  /** The original, upright and without metadata. */
  bytes: Uint8Array;
  renditions: Rendition[];
}

// The sniffer has already capped the header's size; the decoder is capped again on the pixels it
// would really allocate (a decompression bomb whose header lies is stopped here, not in memory).
const DECODE_LIMITS = { limitInputPixels: MAX_IMAGE_DIMENSION * MAX_IMAGE_DIMENSION, failOn: 'error' } as const;

/** The resized widths for an image `width` wide: the standard ones below it, and the original's own up to the largest. */
export function renditionWidths(width: number): number[] {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]!;
  return [...new Set([...RENDITION_WIDTHS.filter((candidate) => candidate < width), Math.min(width, largest)])];
}

function encodeOriginal(image: Sharp, type: SniffedImage['type']): Sharp {
  if (type === 'image/jpeg') return image.jpeg({ quality: 90, mozjpeg: true });
  if (type === 'image/png') return image.png();
  return image.gif();
}

function encodeRendition(image: Sharp, format: RenditionFormat): Sharp {
  // AVIF's effort 2 keeps a 1600-pixel encode well under a second on one core.
  return format === 'webp' ? image.webp({ quality: 80 }) : image.avif({ quality: 50, effort: 2 });
}

/**
 * The stored forms of an uploaded image, or null when it cannot be decoded as the type its bytes
 * claim (a damaged file, or a frame larger than the header said).
 */
export async function processImage(bytes: Uint8Array, sniffed: SniffedImage): Promise<ProcessedImage | null> {
  // An animated GIF stays animated in its original and WebP copies; AVIF copies are made of stills only.
  const animated = sniffed.type === 'image/gif';
  const source = () => sharp(bytes, { ...DECODE_LIMITS, animated }).autoOrient();
  try {
    const metadata = await sharp(bytes, { ...DECODE_LIMITS, animated }).metadata();
    if (`image/${metadata.format === 'jpeg' ? 'jpeg' : metadata.format}` !== sniffed.type) return null;
    const pages = metadata.pages ?? 1;
    const original = await encodeOriginal(source(), sniffed.type).toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    // An animation's frames are stacked in the output's height: one frame is the image.
    const height = original.info.pageHeight ?? original.info.height;
    const formats: RenditionFormat[] = pages > 1 ? ['webp'] : ['avif', 'webp'];
    const renditions: Rendition[] = [];
    for (const format of formats) {
      for (const target of renditionWidths(width)) {
        const { data, info } = await encodeRendition(source().resize({ width: target, withoutEnlargement: true }), format).toBuffer({
          resolveWithObject: true,
        });
        renditions.push({ format, width: info.width, height: info.pageHeight ?? info.height, bytes: new Uint8Array(data) });
      }
    }
    return { contentType: sniffed.type, width, height, bytes: new Uint8Array(original.data), renditions };
  } catch {
    // libvips refuses what it cannot decode (truncated data, a bad Huffman table, pixels past the limit).
    return null;
  }
}
