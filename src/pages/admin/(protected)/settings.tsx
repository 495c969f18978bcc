import { readSettings } from '../../../../server/services/settings.ts';
import { SettingsAdmin } from '../../../admin/settings/settings-admin.tsx';
import { ScreenHeading } from '../../../admin/shared/screen-heading.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';
import { timeZoneChoices } from '../../../lib/time-zones.ts';

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
