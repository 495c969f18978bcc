import { CalendarClock, CircleCheck, type IconNode, PencilLine, Star } from 'lucide';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { PostDisplayStatus } from '#src/schemas/post.ts';

// docs/product.md §4: Published, Scheduled and Draft in distinct colours (and icons, so colour is not the
// only cue). The one wording of a post's status, wherever the admin shows it (the list, its filter, the
// editor, the dashboard; issue 32 §5).
export const POST_STATUS_LABELS: Record<PostDisplayStatus, string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  draft: 'Draft',
};

const look: Record<PostDisplayStatus, { tone: BadgeTone; icon: IconNode }> = {
  published: { tone: 'success', icon: CircleCheck },
  scheduled: { tone: 'primary', icon: CalendarClock },
  draft: { tone: 'neutral', icon: PencilLine },
};

export function PostStatusBadge({ status }: { status: PostDisplayStatus }) {
  const { tone, icon } = look[status];
  return (
    <Badge tone={tone} className="gap-1 px-2.5 py-0.5">
      <Icon shapes={icon} aria-hidden="true" className="size-3.5" />
      {POST_STATUS_LABELS[status]}
    </Badge>
  );
}

export function FeaturedBadge() {
  return (
    <Badge tone="accent" className="gap-1 px-2.5 py-0.5">
      <Icon shapes={Star} aria-hidden="true" className="size-3.5" />
      Featured
    </Badge>
  );
}
