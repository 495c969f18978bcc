import { CalendarClock } from 'lucide-react';
import { ComingSoonPage } from '../../../admin/placeholders/coming-soon-page.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function SchedulePage() {
  if (!(await currentAdmin())) return null;
  return (
    <ComingSoonPage
      title="Schedule"
      icon={CalendarClock}
      summary="A calendar of what is due to be published, and when."
      plans={['Posts scheduled for auto-publish, by date', 'Move a post to another day', 'Spot gaps in your publishing rhythm']}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
