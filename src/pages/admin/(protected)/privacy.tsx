import { erasureRequests } from '#server/services/portal/profile.ts';
import { readRetention } from '#server/services/privacy.ts';
import { PrivacyAdmin } from '#src/admin/privacy/privacy-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminPrivacyPage() {
  if (!(await currentAdmin())) return null;
  const [retention, requests] = await Promise.all([readRetention(), erasureRequests()]);
  return (
    <>
      <ScreenHeading
        title="Privacy requests"
        intro="A person may ask what the site holds about them, for a copy of it, or for it to be erased."
      />
      <PrivacyAdmin retention={retention} erasureRequests={requests} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
