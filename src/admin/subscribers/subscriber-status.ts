import type { BadgeTone } from '#src/components/ui/badge.tsx';
import type { SubscriberStatus, SubscriberStatusFilter } from '#src/schemas/subscriber.ts';

// A subscriber's status in words, the one vocabulary of the subscribers list, its filter and
// the privacy screen.

export const SUBSCRIBER_STATUS: Record<SubscriberStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending confirmation', tone: 'accent' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
  bounced: { label: 'Bounced', tone: 'danger' },
};

/** The list's filter: each status, or everyone. */
export const filterLabel = (filter: SubscriberStatusFilter) => (filter === 'all' ? 'Everyone' : SUBSCRIBER_STATUS[filter].label);
