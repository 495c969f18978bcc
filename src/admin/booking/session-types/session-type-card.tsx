'use client';

import { Link2, Pencil, Trash2 } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { formatMoney } from '#src/schemas/money.ts';
import { bookingPath, SESSION_TYPE_ACCESS_LABELS, type SessionType } from '#src/schemas/session-type.ts';
import { SortableCard } from '../../kit/sortable-card.tsx';

/** What a type is at a glance: its length, price, who may book it, whether /book lists it, its rules. */
function facts(type: SessionType, currency: string): string[] {
  return [
    type.minutes === null ? 'Your call length' : `${type.minutes} minutes`,
    type.priceMinor ? formatMoney(type.priceMinor, currency) : 'Free',
    SESSION_TYPE_ACCESS_LABELS[type.access],
    type.listed ? 'Listed on the booking page' : 'Not listed',
    type.cancelCutoffHours === 0
      ? 'Free cancellation until the start'
      : `Free cancellation until ${plural(type.cancelCutoffHours, 'hour')} before`,
    plural(type.questions.length, 'question'),
    plural(type.bookingCount, 'booking'),
  ];
}

/** One session type, draggable by its handle (mouse, touch, or keyboard: Space, arrows, Space). */
export function SessionTypeCard({
  type,
  currency,
  position,
  onEdit,
  onDelete,
}: {
  type: SessionType;
  /** The site's currency, for its price. */
  currency: string;
  position: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toast = useToast();
  /** A private type's link, whole, for the coach to send to the people who may book it. */
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(new URL(bookingPath(type), window.location.origin).href);
      toast({ title: 'Private link copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the link shown with the session and copy it.' });
    }
  }
  return (
    <SortableCard id={type.id} position={position} label={type.name} testId="admin-session-type">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 pt-1">
        <h3 className="font-sans text-base font-semibold break-words">{type.name}</h3>
        <span className="text-sm break-all text-muted">{bookingPath(type)}</span>
      </div>
      {type.description && <p className="mt-2 line-clamp-2 text-sm break-words text-ink">{type.description}</p>}
      <ul aria-label={`About ${type.name}`} className="mt-2 grid gap-0.5 text-sm text-muted sm:flex sm:flex-wrap sm:gap-x-3 sm:gap-y-1">
        {facts(type, currency).map((fact) => (
          <li key={fact} className="sm:not-first:before:mr-3 sm:not-first:before:content-['·']">
            {fact}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {type.access === 'private' && (
          <Button variant="outline" size="sm" onClick={() => void copyLink()} aria-label={`Copy the private link of ${type.name}`}>
            <Icon shapes={Link2} aria-hidden="true" className="size-4" /> Copy link
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${type.name}`}>
          <Icon shapes={Pencil} aria-hidden="true" className="size-4" /> Edit
        </Button>
        {/* The intro call and a type with bookings stay: the server says so too. */}
        {!type.intro && type.bookingCount === 0 && (
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete ${type.name}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete
          </Button>
        )}
      </div>
    </SortableCard>
  );
}
