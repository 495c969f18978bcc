import type { PageContent, PageKey } from '#src/schemas/site-content/pages.ts';
import { ABOUT_PAGE } from './about.ts';
import { CONTACT_PAGE } from './contact.ts';
import { HOME_PAGE } from './home.ts';
import { COOKIES_PAGE, PRIVACY_PAGE, TERMS_PAGE } from './legal.ts';
import { NAVIGATION_PAGE } from './navigation.ts';
import { NOT_FOUND_PAGE } from './not-found.ts';
import { SERVICES_PAGE } from './services.ts';

/** What each page says on a fresh site, until the coach saves their own. */
export const DEFAULT_PAGES: Record<PageKey, PageContent> = {
  home: HOME_PAGE,
  about: ABOUT_PAGE,
  services: SERVICES_PAGE,
  contact: CONTACT_PAGE,
  privacy: PRIVACY_PAGE,
  terms: TERMS_PAGE,
  cookies: COOKIES_PAGE,
  'not-found': NOT_FOUND_PAGE,
  navigation: NAVIGATION_PAGE,
};
