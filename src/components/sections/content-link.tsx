import { CalendarClock } from 'lucide';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'waku';
import { BOOK_PATH } from '#src/schemas/site-content/context.ts';
import { isExternalLink } from '#src/schemas/site-content/fields.ts';
import { ButtonLink, type ButtonSize, type ButtonVariant, buttonClass } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';

/** A button the coach set up: a page of the site through the router, an https address as a plain link. */
export function ContentButton({
  link,
  variant,
  size,
  className,
  children,
}: {
  link: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  if (isExternalLink(link)) {
    return (
      <a href={link} rel="noopener noreferrer" className={buttonClass(variant, size, className)}>
        {children}
      </a>
    );
  }
  return (
    <ButtonLink to={link} variant={variant} size={size} className={className}>
      {children}
    </ButtonLink>
  );
}

/** A plain link the coach set up: through the router within the site, a plain link to an https address. */
export function ContentLink({ link, ...props }: { link: string; children: ReactNode } & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  if (isExternalLink(link)) return <a href={link} rel="noopener noreferrer" {...props} />;
  return <Link to={link} {...props} />;
}

/** "Book a Free Intro Call": leads to /book (shown only while booking is on). */
export function CallButton({
  label,
  variant = 'accent',
  size = 'lg',
  className,
}: {
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <ButtonLink to={BOOK_PATH} variant={variant} size={size} className={className}>
      <Icon shapes={CalendarClock} aria-hidden="true" className="size-5" />
      {label}
    </ButtonLink>
  );
}
