import { database } from '#server/db.ts';
import { coachAddress } from '#server/services/coach-address.ts';
import { privacyFacts } from '#server/services/privacy.ts';
import { currentSettings } from '#server/services/settings.ts';
import { LEGAL_KINDS, LEGAL_LAST_UPDATED, type LegalKind, legalDocument } from '#src/config/legal-content.ts';
import { PLACEHOLDER_CONTACT_EMAIL } from '#src/config/site.ts';
import type { LegalData } from '#src/schemas/site-content/legal-parts.ts';
import { CONTENT_PAGES, sectionOf } from '#src/schemas/site-content/pages.ts';
import { currentPageContent, type StoredPage } from './read.ts';

/**
 * What a legal page draws beyond its own words: the text written for this site from what is
 * switched on, the date it changed (the coach's own text: the day it was saved), the contact
 * address and the other policies; and the written description, for an empty one of the coach's.
 */
export async function legalData(kind: LegalKind, page: StoredPage): Promise<{ legal: LegalData; description: string }> {
  const [settings, facts, seeAlso] = await Promise.all([
    currentSettings(),
    privacyFacts(),
    Promise.all(
      LEGAL_KINDS.filter((other) => other !== kind).map(async (other) => ({
        label: sectionOf(await currentPageContent(other), 'legalHeader')?.title ?? CONTENT_PAGES[other].name,
        link: CONTENT_PAGES[other].path,
      })),
    ),
  ]);
  // Never a placeholder: the owner's own address until the coach sets a contact address.
  const contactEmail = (await coachAddress(await database(), settings)) ?? PLACEHOLDER_CONTACT_EMAIL;
  const written = legalDocument(kind, { name: settings.siteName, contactEmail, facts });
  const ownSince = sectionOf(page.content, 'legalText')?.ownText ? page.updatedAt : null;
  return {
    legal: { written: written.sections, updatedOn: ownSince ? ownSince.slice(0, 10) : LEGAL_LAST_UPDATED, contactEmail, seeAlso },
    description: written.description,
  };
}
