import { adminApi, adminLink, call } from '#src/lib/api-client.ts';
import type { ErasureCounts, PersonalDataSummary, Retention } from '#src/schemas/privacy.ts';

const privacy = adminApi.privacy;

/** What the site holds about the address, as the screen lists it. */
export const fetchPersonalData = (email: string) => call(privacy.$get({ query: { email } }));

/** The JSON file for the person: a plain GET link (the session cookie goes with it), saved as a download. */
export const exportUrl = (email: string) => adminLink(privacy.export.$path({ query: { email } }));

export const erasePersonalData = (email: string) => call(privacy.erase.$post({ json: { email } }));

export const fetchErasureRequests = () => call(privacy['erasure-requests'].$get());

export const saveRetention = (retention: Retention) => call(privacy.retention.$put({ json: retention }));

/** How many records an erasure removed (newsletter deliveries kept as anonymous counts included). */
export const erasedTotal = (counts: ErasureCounts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** How many records a summary lists. */
export const heldTotal = (summary: PersonalDataSummary) =>
  summary.contactMessages.length +
  (summary.subscription ? 1 : 0) +
  summary.newsletterDeliveries.length +
  summary.bookings.length +
  summary.emails.length +
  (summary.client ? 1 : 0);
