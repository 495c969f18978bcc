import type { IconNode } from 'lucide';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { TopicStatus } from '#src/schemas/backlog-topic.ts';

// docs/product.md §4: the three statuses in distinct colours, each with an icon and its name, so colour is
// never the only signal.
const looks: Record<TopicStatus, { className: string; icon: IconNode; spin?: boolean }> = {
  pending: { className: 'bg-accent-100 text-accent-800 ring-accent-300', icon: CircleDashed },
  processing: { className: 'bg-sky-100 text-sky-800 ring-sky-300', icon: LoaderCircle, spin: true },
  drafted: { className: 'bg-emerald-100 text-emerald-800 ring-emerald-300', icon: CircleCheck },
};

export function TopicStatusBadge({ status }: { status: TopicStatus }) {
  const { className, icon, spin } = looks[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        className,
      )}
    >
      <Icon shapes={icon} aria-hidden="true" className={cn('size-3.5', spin && 'motion-safe:animate-spin')} />
      <span className="sr-only">Status: </span>
      <span>{status}</span>
    </span>
  );
}
