import { MapPin, Phone, Video } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { type CallPlace, callPlaceText } from '#src/schemas/booking.ts';
import { Icon } from '../ui/icon.tsx';

const ICONS = { video: Video, phone: Phone, address: MapPin } as const;

/** Where a call happens, in the words of its emails; a video call's own link is a link. */
export function CallPlaceLine({ place, className }: { place: CallPlace; className?: string }) {
  const text = callPlaceText(place);
  return (
    <p className={cn('flex items-start gap-2', className)}>
      <Icon shapes={ICONS[place.kind]} aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary-700" />
      {place.kind === 'video' && place.url ? (
        <span className="min-w-0 break-words">
          Video call:{' '}
          <a
            href={place.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-primary-700 underline hover:text-primary-950"
          >
            {place.url}
          </a>
        </span>
      ) : (
        <span className="min-w-0 whitespace-pre-line break-words">{text}</span>
      )}
    </p>
  );
}
