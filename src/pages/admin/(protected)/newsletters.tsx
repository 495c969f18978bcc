import { listNewsletters, postChoices } from '#server/services/newsletter/drafts.ts';
import { readSettings } from '#server/services/settings.ts';
import { NewslettersAdmin } from '#src/admin/newsletters/newsletters-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function NewslettersPage() {
  if (!(await currentAdmin())) return null;
  const [initial, published, settings] = await Promise.all([listNewsletters(), postChoices(), readSettings()]);
  return (
    <>
      <ScreenHeading title="Newsletters" intro="Write to everyone who confirmed their subscription; see what reached them." />
      <NewslettersAdmin initial={initial} posts={published} signupOn={settings.newsletterEnabled} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
