import { Mountain } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { Icon } from '../ui/icon.tsx';

/**
 * The site's logo beside its name in the header, footer and admin: the coach's image from Media
 * (Settings → Brand), else the generated mark, a mountain in a dark tile. The name beside it says
 * what the link is, so the image itself is decorative.
 */
export function BrandMark({ small = false, logo = '' }: { small?: boolean; logo?: string }) {
  const size = small ? 'size-8' : 'size-9';
  if (logo) {
    return <img src={logo} alt="" width={36} height={36} className={cn('shrink-0 rounded-control object-contain', size)} />;
  }
  return (
    <span className={cn('flex shrink-0 items-center justify-center rounded-control bg-primary-800 text-accent-300', size)}>
      <Icon shapes={Mountain} aria-hidden="true" className={small ? 'size-4' : 'size-5'} />
    </span>
  );
}
