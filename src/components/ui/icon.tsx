import type { IconNode } from 'lucide';
import { createElement, type ReactElement, type SVGProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type IconComponent = (props: SVGProps<SVGSVGElement>) => ReactElement;

/**
 * A Lucide icon as a plain function component: SVG elements, no client code, so a server component
 * renders it into the page as it is (lucide-react's icons are client components: each one crossed
 * into the RSC payload as a reference carrying its shapes, and ran a context lookup in the HTML
 * render — issue 18 §4). Stroke and caps come from the `icon` class (styles.css); it is hidden from
 * assistive technology unless it is given a label.
 */
export function icon(node: IconNode): IconComponent {
  const shapes = node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon, at module level (icons.ts), so each component is made once
  return function Icon({ className, ...props }) {
    const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless labelled (aria-hidden); a labelled icon names itself with aria-label
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        className={cn('icon', className)}
        aria-hidden={labelled ? undefined : true}
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}
