import { ArrowRight, Clock, KeyRound } from 'lucide';
import { Link } from 'waku';
import { paragraphsOf } from '#src/schemas/site-content/context.ts';
import { Icon } from '../ui/icon.tsx';

// /book when the coach offers more than one session: each listed type as a card leading to its
// own page, /book/{slug}, in the coach's order.

export interface ListedSessionType {
  slug: string;
  name: string;
  description: string;
  minutes: number;
  /** Booked with a session credit from a package. */
  forClients: boolean;
}

export function SessionTypeList({ types }: { types: ListedSessionType[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {types.map((type) => (
        <li key={type.slug} className="flex">
          <Link
            to={`/book/${type.slug}`}
            className="group flex w-full flex-col rounded-card border border-line bg-surface p-6 shadow-sm transition hover:border-primary-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 sm:p-8"
          >
            <h2 className="text-2xl font-semibold text-ink">{type.name}</h2>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1.5">
                <Icon shapes={Clock} aria-hidden="true" className="size-4" />
                {type.minutes} minutes
              </span>
              {type.forClients && (
                <span className="inline-flex items-center gap-1.5">
                  <Icon shapes={KeyRound} aria-hidden="true" className="size-4" />
                  For clients with a session credit
                </span>
              )}
            </p>
            {paragraphsOf(type.description).map((paragraph) => (
              <p key={paragraph} className="mt-3 text-ink">
                {paragraph}
              </p>
            ))}
            <span className="mt-auto inline-flex items-center gap-2 pt-6 font-semibold text-primary-700 group-hover:text-primary-800">
              Choose a time
              <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
