import type { IconDefinition } from '@fortawesome/free-brands-svg-icons';
import type { IconNode } from 'lucide';
import { createElement, type SVGProps } from 'react';
import { cn } from '#src/lib/cn.ts';

type IconProps = SVGProps<SVGSVGElement>;

/** Decorative unless labelled: an icon given a label is announced, any other is hidden from assistive technology. */
const hiddenUnlessLabelled = (props: IconProps) =>
  props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined ? undefined : true;

/**
 * A Lucide icon, drawn from its shapes (`import { Clock } from 'lucide'`: the same set as
 * lucide-react, as data): `<Icon shapes={Clock} className="size-4" />`. A plain component — no
 * client code — so a server component renders it into the page as SVG (lucide-react's icons are
 * client components: each crossed into the RSC payload as a reference and ran a context lookup in
 * the HTML render, issue 18 §4), and shapes are plain arrays a server component may hand to a client
 * one. Stroke and caps come from the `icon` class (styles.css); it is hidden from assistive
 * technology unless it is given a label.
 */
export function Icon({ shapes, className, ...props }: IconProps & { shapes: IconNode }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless labelled (aria-hidden); a labelled icon names itself with aria-label
    <svg width="24" height="24" viewBox="0 0 24 24" className={cn('icon', className)} aria-hidden={hiddenUnlessLabelled(props)} {...props}>
      {shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

/**
 * A company's own mark, which Lucide does not draw (the footer's social networks): Font Awesome
 * Free's brand icons as data (`import { faLinkedin } from '@fortawesome/free-brands-svg-icons'`,
 * icons CC BY 4.0 by Fonticons, Inc.; import each by name, so a bundle takes only those), drawn as
 * Icon draws Lucide's: plain SVG, filled in the text's colour, sized by a size-* class, hidden
 * from assistive technology unless labelled.
 */
export function BrandIcon({ mark, className, ...props }: IconProps & { mark: IconDefinition }) {
  const [width, height, , , paths] = mark.icon;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless labelled (aria-hidden); a labelled icon names itself with aria-label
    <svg
      width="24"
      height="24"
      viewBox={`0 0 ${width} ${height}`}
      fill="currentColor"
      className={className}
      aria-hidden={hiddenUnlessLabelled(props)}
      {...props}
    >
      {[paths].flat().map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
