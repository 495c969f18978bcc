import { PlaceholderScreen } from '../../../admin/placeholders/coming-soon-page.tsx';

export default function SubscribersPage() {
  return <PlaceholderScreen name="subscribers" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
