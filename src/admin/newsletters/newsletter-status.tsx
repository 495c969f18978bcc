import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import type { AdminNewsletter, NewsletterStatus } from '#src/schemas/newsletter.ts';

const STATUS: Record<NewsletterStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  scheduled: { label: 'Scheduled', tone: 'accent' },
  sending: { label: 'Sending', tone: 'primary' },
  sent: { label: 'Sent', tone: 'success' },
};

/**
 * The state the list and the detail both say (issue 32 §6): a newsletter queued to everyone is
 * still sending while any of its emails waits in the outbox.
 */
export const shownStatus = ({ status, figures }: AdminNewsletter): NewsletterStatus =>
  status === 'sent' && figures.queued > 0 ? 'sending' : status;

export function NewsletterStatusBadge({ newsletter }: { newsletter: AdminNewsletter }) {
  const { label, tone } = STATUS[shownStatus(newsletter)];
  return (
    <Badge tone={tone} className="px-2 py-0.5">
      {label}
    </Badge>
  );
}
