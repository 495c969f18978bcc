import { currentSettings } from '#server/services/settings.ts';
import { accountOverview } from '#server/services/two-factor.ts';
import { AccountAdmin } from '#src/admin/account/account-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { adminAccess } from '#src/lib/admin-session.ts';

/** Each signed-in person's own page: two-factor sign-in and sessions (docs/security.md#two-factor-sign-in). */
export default async function AccountPage() {
  const access = await adminAccess();
  if (access.state !== 'admin') return null;
  const [overview, { siteName }] = await Promise.all([accountOverview(access.user, access.sessionId), currentSettings()]);
  return (
    <>
      <ScreenHeading title="Account" intro={`How ${access.user.email} signs in, and where it is signed in now.`} />
      <AccountAdmin initial={overview} siteName={siteName} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
