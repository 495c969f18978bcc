import type { IconNode } from 'lucide';
import { createElement, type SVGProps } from 'react';
import { cn } from '#src/lib/cn.ts';

/**
 * A Lucide icon, drawn from its shapes (`import { Clock } from 'lucide'`: the same set as
 * lucide-react, as data): `<Icon shapes={Clock} className="size-4" />`. A plain component — no
 * client code — so a server component renders it into the page as SVG (lucide-react's icons are
 * client components: each crossed into the RSC payload as a reference and ran a context lookup in
 * the HTML render, issue 18 §4), and shapes are plain arrays a server component may hand to a client
 * one. Stroke and caps come from the `icon` class (styles.css); it is hidden from assistive
 * technology unless it is given a label.
 */
export function Icon({ shapes, className, ...props }: SVGProps<SVGSVGElement> & { shapes: IconNode }) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless labelled (aria-hidden); a labelled icon names itself with aria-label
    <svg width="24" height="24" viewBox="0 0 24 24" className={cn('icon', className)} aria-hidden={labelled ? undefined : true} {...props}>
      {shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
