import { PlaceholderScreen } from '../../../admin/placeholders/coming-soon-page.tsx';

export default function SchedulePage() {
  return <PlaceholderScreen name="schedule" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
