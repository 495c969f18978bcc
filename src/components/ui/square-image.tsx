import type { ImgHTMLAttributes } from 'react';

type SquareImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height'> & {
  /** The side in CSS pixels: the width and height that reserve its space before it loads. */
  size: number;
  /** Required: "" for a decorative picture. */
  alt: string;
};

/** A square picture (avatar, thumbnail, QR code) whose box is known before it loads, so nothing shifts. */
export function SquareImage({ size, alt, ...props }: SquareImageProps) {
  return <img width={size} height={size} alt={alt} {...props} />;
}
