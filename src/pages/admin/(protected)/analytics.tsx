import { PlaceholderScreen } from '../../../admin/placeholders/coming-soon-page.tsx';

export default function AnalyticsPage() {
  return <PlaceholderScreen name="analytics" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
