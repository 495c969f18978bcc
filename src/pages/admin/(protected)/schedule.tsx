import { readSchedule } from '../../../../server/services/schedule.ts';
import { ScheduleAdmin } from '../../../admin/schedule/schedule-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function SchedulePage() {
  if (!(await currentAdmin())) return null;
  const schedule = await readSchedule(undefined);
  return (
    <>
      <PageTitle title="Schedule" />
      <h1 className="text-3xl font-semibold">Schedule</h1>
      <ScheduleAdmin initial={schedule} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
