import { BODY_IMAGE_SIZES, type ImageDimensionsById } from '#server/markdown/render.ts';
import { mediaIdsIn, renditionUrl } from '#src/schemas/media.ts';

const SOURCE_FORMATS = ['avif', 'webp'] as const;

/**
 * A post's cover above its body: a fixed 40:21 box (no layout shift whatever the image), filled by
 * the image. An uploaded cover (`/media/{id}.jpg`) is offered in its AVIF and WebP copies, so a
 * phone loads the 480-pixel one.
 */
export function PostCover({ src, images }: { src: string; images: ImageDimensionsById }) {
  const img = (
    <img src={src} alt="" width={1200} height={630} className="aspect-[40/21] w-full rounded-card bg-primary-900 object-cover shadow-sm" />
  );
  const id = mediaIdsIn(src)[0];
  const image = id ? images.get(id) : undefined;
  if (!id || !image) return img;
  return (
    <picture className="block">
      {SOURCE_FORMATS.map((format) => {
        const widths = image.renditions.filter((copy) => copy.format === format).map((copy) => copy.width);
        if (widths.length === 0) return null;
        return (
          <source
            key={format}
            type={`image/${format}`}
            srcSet={widths.map((width) => `${renditionUrl(id, width, format)} ${width}w`).join(', ')}
            sizes={BODY_IMAGE_SIZES}
          />
        );
      })}
      {img}
    </picture>
  );
}
