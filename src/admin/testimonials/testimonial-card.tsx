'use client';

import { Eye, EyeOff, Pencil, Trash2 } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatDay } from '#src/lib/format-date.ts';
import { type AdminTestimonial, CONSENT_BEFORE_TRACKING, CONSENT_METHOD_LABELS } from '#src/schemas/testimonial.ts';
import { SortableCard } from '../kit/sortable-card.tsx';

/** Where a testimonial stands: on the home page, hidden, or waiting for consent. */
function StatusBadge({ testimonial }: { testimonial: AdminTestimonial }) {
  const [label, tone] = !testimonial.visible
    ? ['Hidden', 'bg-canvas text-muted ring-1 ring-line']
    : testimonial.consentMethod === null
      ? ['Not shown: no consent', 'bg-red-50 text-red-800 ring-1 ring-red-200']
      : ['On the home page', 'bg-green-50 text-green-800 ring-1 ring-green-200'];
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}>{label}</span>;
}

/** The consent as recorded: method, day and note, or that there is none. */
function ConsentLine({ testimonial }: { testimonial: AdminTestimonial }) {
  const { consentMethod, consentGivenAt, consentNote } = testimonial;
  if (consentMethod === null || consentGivenAt === null) {
    return <p className="mt-2 text-sm text-muted">Consent: not recorded yet.</p>;
  }
  const day = formatDay(consentGivenAt);
  return (
    <p className={cn('mt-2 text-sm break-words', consentMethod === CONSENT_BEFORE_TRACKING ? 'text-accent-900' : 'text-muted')}>
      Consent:{' '}
      {consentMethod === CONSENT_BEFORE_TRACKING ? (
        <>
          {CONSENT_METHOD_LABELS[consentMethod]}, kept since {day}
        </>
      ) : (
        <>
          {CONSENT_METHOD_LABELS[consentMethod]}, <time dateTime={consentGivenAt}>{day}</time>
        </>
      )}
      {consentNote && <> · {consentNote}</>}
    </p>
  );
}

/** One testimonial, draggable by its handle (mouse, touch, or keyboard: Space, arrows, Space). */
export function TestimonialCard({
  testimonial,
  position,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  testimonial: AdminTestimonial;
  /** 1-based place in the list as shown (it moves with a drag before the server confirms). */
  position: number;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const name = testimonial.authorName;
  return (
    <SortableCard
      id={testimonial.id}
      position={position}
      label={name}
      testId="admin-testimonial"
      className={!testimonial.shown ? 'bg-canvas' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 pt-1">
          <h3 className="font-sans text-base font-semibold break-words">{name}</h3>
          <p className="text-sm break-words text-muted">{testimonial.authorPosition}</p>
        </div>
        <StatusBadge testimonial={testimonial} />
      </div>
      <blockquote className="mt-3 line-clamp-4 text-sm leading-relaxed break-words text-ink">“{testimonial.content}”</blockquote>
      <ConsentLine testimonial={testimonial} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Icon shapes={Pencil} aria-hidden="true" className="size-4" /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onToggle}
          disabled={busy}
          aria-label={`${testimonial.visible ? 'Hide' : 'Show'} ${name}`}
        >
          {testimonial.visible ? (
            <Icon shapes={EyeOff} aria-hidden="true" className="size-4" />
          ) : (
            <Icon shapes={Eye} aria-hidden="true" className="size-4" />
          )}
          {testimonial.visible ? 'Hide' : 'Show'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </SortableCard>
  );
}
