import { currentSettings } from '#server/services/settings.ts';
import { socialLinks } from '#src/schemas/settings.ts';
import { NewsletterSignup } from '../newsletter/newsletter-signup.tsx';
import { SiteFooterView } from './site-footer-view.tsx';

/** `newsletter`: the coach has turned the newsletter on, so the footer offers its signup. */
export async function SiteFooter({ newsletter = false }: { newsletter?: boolean }) {
  const settings = await currentSettings();
  return (
    <SiteFooterView
      name={settings.siteName}
      logo={settings.brandLogo}
      description={settings.siteDescription}
      social={socialLinks(settings)}
      signup={newsletter ? <NewsletterSignup source="footer" tone="dark" /> : undefined}
      year={new Date().getFullYear()}
    />
  );
}
