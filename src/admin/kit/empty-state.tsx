import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/** What a list shows when it has nothing: one calm line, and the action that fills it, if any. */
export function EmptyState({ message, action, className }: { message: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center',
        className,
      )}
    >
      <p className="text-muted">{message}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
