import { readSettings } from '#server/services/settings.ts';
import { SettingsAdmin } from '#src/admin/settings/settings-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { timeZoneChoices } from '#src/lib/time-zones.ts';

export default async function SettingsPage() {
  if (!(await currentAdmin())) return null;
  const settings = await readSettings();
  return (
    <>
      <ScreenHeading title="Settings" intro="The site's details and features. A change shows on every public page at once." />
      <SettingsAdmin initial={settings} timeZones={timeZoneChoices(settings.timeZone)} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
