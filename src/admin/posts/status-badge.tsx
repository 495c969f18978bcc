import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { CalendarClock, CircleCheck, PencilLine, Star } from '../../components/ui/icons.ts';
import type { PostDisplayStatus } from '../../schemas/post.ts';
import { STATUS_LABELS } from './post-filters.ts';

// docs/product.md §4: Published, Scheduled and Draft in distinct colours (and icons, so colour is not the only cue).
const look: Record<PostDisplayStatus, { tone: BadgeTone; Icon: typeof Star }> = {
  published: { tone: 'success', Icon: CircleCheck },
  scheduled: { tone: 'primary', Icon: CalendarClock },
  draft: { tone: 'neutral', Icon: PencilLine },
};

export function StatusBadge({ status }: { status: PostDisplayStatus }) {
  const { tone, Icon } = look[status];
  return (
    <Badge tone={tone} className="gap-1 px-2.5 py-0.5">
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function FeaturedBadge() {
  return (
    <Badge tone="accent" className="gap-1 px-2.5 py-0.5">
      <Star aria-hidden="true" className="size-3.5" />
      Featured
    </Badge>
  );
}
