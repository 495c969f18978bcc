import type { IconNode } from 'lucide';
import { CheckCircle2, FileText, FolderOpen, Mail, NotebookPen, Users } from 'lucide';
import { Link } from 'waku';
import type { DashboardCounts } from '#server/services/dashboard.ts';
import { Icon } from '#src/components/ui/icon.tsx';

interface Card {
  label: string;
  value: number;
  icon: IconNode;
  note?: string;
  href?: string;
}

export function SummaryCards({ counts }: { counts: DashboardCounts }) {
  const cards: Card[] = [
    { label: 'Total Posts', value: counts.totalPosts, icon: FileText },
    { label: 'Published', value: counts.published, icon: CheckCircle2 },
    { label: 'Drafts', value: counts.drafts, icon: NotebookPen },
    { label: 'Subscribers', value: counts.subscribers, icon: Users },
    { label: 'Categories', value: counts.categories, icon: FolderOpen },
    {
      label: 'Messages',
      value: counts.messages,
      icon: Mail,
      note: `${counts.unreadMessages} unread`,
      href: '/admin/contact-messages',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {cards.map(({ label, value, icon, note, href }) => {
        const body = (
          <>
            <div className="flex items-center justify-between text-sm font-medium text-muted">
              {label}
              <Icon shapes={icon} aria-hidden="true" className="size-4 text-primary-500" />
            </div>
            <p className="mt-2 font-display text-3xl font-semibold text-primary-950">{value}</p>
            {note && <p className="mt-1 text-sm font-medium text-accent-700">{note}</p>}
          </>
        );
        return (
          <li key={label} data-testid={`summary-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {href ? (
              <Link
                to={href}
                className="block h-full rounded-card border border-line bg-surface p-5 shadow-sm hover:border-primary-300 hover:shadow-md"
              >
                {body}
              </Link>
            ) : (
              <div className="h-full rounded-card border border-line bg-surface p-5 shadow-sm">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
