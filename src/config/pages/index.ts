import type { PageContent, PageKey } from '#src/schemas/site-content/pages.ts';
import { ABOUT_PAGE } from './about.ts';
import { CONTACT_PAGE } from './contact.ts';
import { HOME_PAGE } from './home.ts';
import { SERVICES_PAGE } from './services.ts';

/** What each page says on a fresh site, until the coach saves their own. */
export const DEFAULT_PAGES: Record<PageKey, PageContent> = {
  home: HOME_PAGE,
  about: ABOUT_PAGE,
  services: SERVICES_PAGE,
  contact: CONTACT_PAGE,
};
