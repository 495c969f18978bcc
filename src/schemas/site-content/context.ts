import type { Offering } from './sections.ts';

/** What the sections need beyond their own words: the switches, and the coach's own name. */
export interface SectionContext {
  bookingOpen: boolean;
  newsletterOpen: boolean;
  /** The label of every "book a call" button (the call's own text, the coach's to change). */
  callLabel: string;
  coachName: string;
  coachTagline: string;
}

export const BOOK_PATH = '/book';
export const NEWSLETTER_SIGNUP_PATH = '/services#newsletter';

/** How an offering shows now: hidden, Coming Soon, or live with where it leads. */
export type OfferingView = { shown: false } | { shown: true; live: false } | { shown: true; live: true; label: string; link: string };

/** Applies the switches an offering follows: booking and the newsletter make theirs live while on. */
export function offeringView(offering: Offering, context: SectionContext): OfferingView {
  switch (offering.state) {
    case 'hidden':
      return { shown: false };
    case 'soon':
      return { shown: true, live: false };
    case 'live':
      return { shown: true, live: true, ...offering.button };
    case 'booking':
      return context.bookingOpen ? { shown: true, live: true, label: context.callLabel, link: BOOK_PATH } : { shown: true, live: false };
    case 'newsletter':
      return context.newsletterOpen
        ? { shown: true, live: true, label: offering.button.label, link: NEWSLETTER_SIGNUP_PATH }
        : { shown: true, live: false };
  }
}

/** The paragraphs of a text: blocks separated by an empty line. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
