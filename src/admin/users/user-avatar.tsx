import { SquareImage } from '#src/components/ui/square-image.tsx';
import { cn } from '#src/lib/cn.ts';
import type { PublicUser } from '#src/schemas/user.ts';

function initialsOf(user: PublicUser): string {
  const fromName = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (fromName || user.email[0] || '?').toUpperCase();
}

/** The profile picture, or the user's initials when there is none; decorative beside the name. */
export function UserAvatar({ user, src, size = 'md' }: { user: PublicUser; src?: string | null; size?: 'md' | 'lg' }) {
  const image = src ?? user.profileImageUrl;
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-10 text-sm';
  const pixels = size === 'lg' ? 96 : 40;
  if (image) {
    return <SquareImage src={image} alt="" size={pixels} className={cn(box, 'shrink-0 rounded-full object-cover ring-1 ring-line')} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800')}
    >
      {initialsOf(user)}
    </span>
  );
}
