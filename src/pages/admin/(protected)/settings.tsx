import { readSettings } from '../../../../server/services/settings.ts';
import { SettingsAdmin } from '../../../admin/settings/settings-admin.tsx';
import { ScreenHeading } from '../../../admin/shared/screen-heading.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

/** Every zone this server knows, UTC first: the browser's list may differ, so the server's is sent. */
const timeZones = () => ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

export default async function SettingsPage() {
  if (!(await currentAdmin())) return null;
  const settings = await readSettings();
  const zones = timeZones();
  return (
    <>
      <ScreenHeading title="Settings" intro="The site's details and features. A change shows on every public page at once." />
      <SettingsAdmin initial={settings} timeZones={zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones]} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
