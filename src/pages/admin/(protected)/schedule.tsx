import { readSchedule } from '#server/services/schedule.ts';
import { ScheduleAdmin } from '#src/admin/schedule/schedule-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function SchedulePage() {
  if (!(await currentAdmin())) return null;
  const schedule = await readSchedule(undefined);
  return (
    <>
      <ScreenHeading title="Schedule" />
      <ScheduleAdmin initial={schedule} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
