import { format } from 'date-fns';

// docs/product.md §9: the three date formats, in one place.
export const formatCardDate = (date: Date) => format(date, 'MMM dd, yyyy');
export const formatLongDate = (date: Date) => format(date, 'MMMM dd, yyyy');
export const formatMessageDate = (date: Date) => format(date, "MMM dd, yyyy 'at' hh:mm a");

/** An IANA time zone as people read it: "America/New_York" → "America/New York". */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');
