import { currentSettings } from '#server/services/settings.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { socialLinks } from '#src/schemas/settings.ts';
import { sectionOf } from '#src/schemas/site-content/pages.ts';
import { NewsletterSignup } from '../newsletter/newsletter-signup.tsx';
import { SiteFooterView } from './site-footer-view.tsx';

/** `newsletter`: the coach has turned the newsletter on, so the footer offers its signup. */
export async function SiteFooter({ newsletter = false }: { newsletter?: boolean }) {
  const [settings, navigation] = await Promise.all([currentSettings(), currentPageContent('navigation')]);
  const footer = sectionOf(navigation, 'footerColumns');
  return (
    <SiteFooterView
      name={settings.siteName}
      logo={settings.brandLogo}
      description={settings.siteDescription}
      social={socialLinks(settings)}
      columns={footer && !footer.hidden ? footer.columns : []}
      signup={newsletter ? <NewsletterSignup source="footer" tone="dark" /> : undefined}
      year={new Date().getFullYear()}
    />
  );
}
