import { LEGAL_SUMMARIES, LEGAL_TITLES, type LegalKind } from '#src/config/legal-content.ts';
import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's legal pages: their titles and summaries, and the text written for this site from
// what is switched on (src/config/legal-content.ts) until the coach writes their own.

const legalPage = (kind: LegalKind): PageContent => ({
  // Empty: the title below, and a description naming the site.
  meta: { title: '', description: '' },
  sections: [
    { type: 'legalHeader', hidden: false, eyebrow: 'Legal', title: LEGAL_TITLES[kind], lead: LEGAL_SUMMARIES[kind] },
    { type: 'legalText', hidden: false, ownText: false, articles: [] },
  ],
});

export const PRIVACY_PAGE = legalPage('privacy');
export const TERMS_PAGE = legalPage('terms');
export const COOKIES_PAGE = legalPage('cookies');
