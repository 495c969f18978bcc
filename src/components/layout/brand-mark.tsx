import { Mountain } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { Icon } from '../ui/icon.tsx';

/** The site's logo: its mountain in a dark tile, beside the site name in the header, footer and admin. */
export function BrandMark({ small = false }: { small?: boolean }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-control bg-primary-800 text-accent-300',
        small ? 'size-8' : 'size-9',
      )}
    >
      <Icon shapes={Mountain} aria-hidden="true" className={small ? 'size-4' : 'size-5'} />
    </span>
  );
}
